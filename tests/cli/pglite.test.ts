/**
 * The CLI on the embedded database (PGlite in DATA_DIR): opened by the CLI itself when free, and
 * through the admin channel of the process that holds it: admin-server.fixture.ts (the real route
 * module on node:http), then `next start` itself when a build with the admin route is present
 * (`npm start` or `npx next build` makes one; skipped otherwise).
 */
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import type { ChildProcess } from 'node:child_process';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SCOPES } from '@/lib/domain/scopes';
import { authenticateToken } from '@/lib/domain/api-tokens/tokens';
import { lockFileOf, readLockOwner } from '@/lib/db/pglite-lock';
import { auditEvents, users } from '@/lib/db/schema';
import { verifyPassword } from '@/lib/domain/users';
import { childEnv, cli, cliProcess, ROOT, startProcess, stop, tempDir, TSX, withDb, type Run } from './helpers';
import { serverArgs } from '../../scripts/lib/processes';

const dataDir = path.join(tempDir(), 'data');
const env = { DATA_DIR: dataDir };
const pglite = { dataDir: path.join(dataDir, 'pglite') };
const fixture = (...args: string[]) => startProcess([...TSX, 'tests/cli/admin-server.fixture.ts', ...args], childEnv(env), /ready (\d+)/);
const made: Record<string, Run> = {};

describe('the CLI opening PGlite itself', () => {
  it('db seed migrates an empty data dir and reports it (production: no demo data)', async () => {
    // The demo seed runs in postgres.test.ts, where it is quicker; this tenant is created by hand.
    // A real process: the entry point (scripts/cli.ts), its exit code and output.
    const seed = await cliProcess(['db', 'seed'], { ...env, APP_ENV: 'production' });
    expect(seed.stderr).toBe('');
    expect(seed.code).toBe(0);
    expect(seed.json).toMatchObject({ driver: 'pglite', migrated: true, seeded: false });
    expect(seed.json.message).toMatch(/APP_ENV=production: no demo data/);
  });

  it('tenant create', async () => {
    // In staging, the first command on a database without tenants writes the demo data first (as the
    // server does at start-up); production does not.
    const run = await cli(['tenant', 'create', '--slug', 'acme', '--name', 'Acme Logistics'], { ...env, APP_ENV: 'production' });
    expect(run.code).toBe(0);
    expect(run.json).toMatchObject({ id: expect.any(String), slug: 'acme', name: 'Acme Logistics' });
  });

  it('token create prints one JSON object with the token (defaults: all scopes, all companies, no expiry)', async () => {
    const run = (made.token = await cli(['token', 'create', '--tenant', 'acme'], env));
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    expect(Object.keys(run.json).sort()).toEqual(['companyIds', 'expiresAt', 'id', 'scopes', 'token']);
    expect(run.json.token).toMatch(/^dto_test_[A-Za-z0-9_-]{32}$/);
    expect(run.json.scopes).toEqual([...SCOPES]);
    expect(run.json.companyIds).toBe('all');
    expect(run.json.expiresAt).toBeNull();
  });

  it('user create prints a generated password once', async () => {
    const run = (made.user = await cli(['user', 'create', '--tenant', 'acme', '--email', 'New.Admin@Acme.test', '--role', 'manager', '--name', 'New Admin'], env));
    expect(run.code).toBe(0);
    expect(run.json).toMatchObject({ email: 'new.admin@acme.test', role: 'manager', name: 'New Admin', tenant: 'acme', companyIds: 'all' });
    expect(run.json.password).toMatch(/^[A-Za-z0-9_-]{24}$/);
  });

  it('webhook-secret rotate writes a new whsec_ secret of 32 random bytes', async () => {
    const run = (made.secret = await cli(['webhook-secret', 'rotate', '--tenant', 'acme'], env));
    expect(run.code).toBe(0);
    expect(Object.keys(run.json)).toEqual(['secret']);
    expect(run.json.secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(Buffer.from(run.json.secret.slice(6), 'base64')).toHaveLength(32);
  });

  it('an unknown tenant is bad input (exit code 2)', async () => {
    const run = await cli(['token', 'list', '--tenant', 'globex'], env);
    expect(run.code).toBe(2);
    expect(run.stderr).toBe('error: No tenant with slug "globex".\n');
  });

  it('waits for a holder without admin channel, then says clearly who holds the data dir (exit code 1)', async () => {
    const holder = await fixture('hold');
    try {
      const run = await cli(['token', 'list', '--tenant', 'acme'], { ...env, CLI_LOCK_WAIT_MS: '600' });
      expect(run.code).toBe(1);
      expect(run.stderr).toContain(`held by process ${holder.child.pid}`);
      expect(run.stderr).toMatch(/offers no admin channel/);
    } finally {
      await stop(holder.child);
    }
  });
});

describe('the CLI through the admin channel of the server holding PGlite', () => {
  let server: ChildProcess | undefined;
  let port = 0;
  const keyFile = path.join(dataDir, 'admin.key');
  beforeAll(async () => {
    const started = await fixture();
    server = started.child;
    port = Number(started.match[1]);
  });
  afterAll(() => stop(server));

  it('the server records its port in the lock file and writes a 0600 key file', () => {
    expect(readLockOwner(pglite.dataDir)).toMatchObject({ pid: server!.pid, port });
    expect(fs.statSync(keyFile).mode & 0o777).toBe(0o600);
  });

  it('token create, revoke, list', async () => {
    const created = (made.limited = await cli(['token', 'create', '--tenant', 'acme', '--scopes', 'order.read,order.list', '--expires-in', '3600', '--name', 'reporting'], env));
    expect(created.stderr).toBe('');
    expect(created.code).toBe(0);
    expect(created.json).toMatchObject({ scopes: ['order.read', 'order.list'], companyIds: 'all' });
    const expiresIn = Date.parse(created.json.expiresAt) - Date.now();
    expect(expiresIn).toBeGreaterThan(3500_000);
    expect(expiresIn).toBeLessThanOrEqual(3600_000);

    const revoked = await cli(['token', 'revoke', made.token.json.id], env);
    expect(revoked.json).toEqual({ id: made.token.json.id, revoked: true });

    const list = await cli(['token', 'list', '--tenant', 'acme'], env);
    expect(list.code).toBe(0);
    expect(list.json.map((t: { id: string }) => t.id)).toEqual([created.json.id, made.token.json.id]);
    expect(list.json[0]).toMatchObject({ name: 'reporting', scopes: ['order.read', 'order.list'], revokedAt: null });
    expect(list.json[1]).toMatchObject({ name: 'cli', companyIds: 'all', revokedAt: expect.any(String) });
    expect(JSON.stringify(list.json)).not.toContain(created.json.token);
  });

  it('bad input answered by the server keeps exit code 2', async () => {
    const runs = await Promise.all([
      cli(['token', 'revoke', 'no-such-token'], env),
      cli(['token', 'create', '--tenant', 'globex'], env),
      cli(['token', 'create', '--tenant', 'acme', '--companies', 'nope'], env),
      cli(['user', 'create', '--tenant', 'acme', '--email', 'NEW.ADMIN@acme.test', '--role', 'viewer'], env),
      cli(['user', 'create', '--tenant', 'acme', '--email', 'v3@acme.test', '--role', 'viewer', '--password', 'short'], env),
      cli(['tenant', 'create', '--slug', 'acme', '--name', 'Again'], env),
    ]);
    expect(runs.map((r) => r.code)).toEqual([2, 2, 2, 2, 2, 2]);
    const [revoke, tenant, company, duplicate, short, again] = runs.map((r) => r.stderr);
    expect(revoke).toBe('error: No API token with id "no-such-token".\n');
    expect(tenant).toBe('error: No tenant with slug "globex".\n');
    expect(company).toMatch(/Unknown company id\(s\) for this tenant: nope/);
    expect(duplicate).toMatch(/new\.admin@acme\.test already exists/);
    expect(short).toMatch(/at least 8 characters/);
    expect(again).toMatch(/tenant with slug "acme" already exists/);
  });

  it('user create with a password, webhook-secret show, tenant list, db seed', async () => {
    const [user, secret, tenants, seed] = await Promise.all([
      (made.given = await cli(['user', 'create', '--tenant', 'acme', '--email', 'viewer2@acme.test', '--role', 'viewer', '--password', 'correct horse'], env)),
      cli(['webhook-secret', 'show', '--tenant', 'acme'], env),
      cli(['tenant', 'list'], env),
      cli(['db', 'seed'], env),
    ]);
    expect(user.code).toBe(0);
    expect(user.json).toMatchObject({ email: 'viewer2@acme.test', role: 'viewer' });
    expect(user.json.password).toBeUndefined();
    expect(secret.json).toEqual({ secret: made.secret.json.secret });
    expect(tenants.json).toEqual([expect.objectContaining({ slug: 'acme', name: 'Acme Logistics' })]);
    expect(seed.json).toMatchObject({ driver: 'pglite', seeded: false });
  });

  it('the channel wants the key; the Host header decides nothing (the socket does: tests/server)', async () => {
    const post = (headers: Record<string, string>) =>
      new Promise<{ status: number; body: string }>((resolve, reject) => {
        const options = { host: '127.0.0.1', port, path: '/api/internal/admin', method: 'POST', headers: { 'content-type': 'application/json', ...headers } };
        const request = http.request(options, (response) => {
          let body = '';
          response.on('data', (d) => (body += d));
          response.on('end', () => resolve({ status: response.statusCode!, body }));
        });
        request.on('error', reject);
        request.end(JSON.stringify({ command: 'webhook-secret show', args: { tenant: 'acme' } }));
      });
    const key = fs.readFileSync(keyFile, 'utf8').trim();
    expect((await post({})).status).toBe(401);
    expect((await post({ 'x-admin-key': `${key}x` })).status).toBe(401);
    for (const host of ['admin.example.com', `localhost:${port}`]) {
      const ok = await post({ 'x-admin-key': key, host });
      expect(ok.status).toBe(200);
      expect(JSON.parse(ok.body)).toEqual({ secret: made.secret.json.secret });
    }
  });

  it('the server removes its key file and lock when it stops', async () => {
    await stop(server);
    expect(fs.existsSync(keyFile)).toBe(false);
    expect(fs.existsSync(lockFileOf(pglite.dataDir))).toBe(false);
  });
});

describe('what the CLI wrote', () => {
  it('tokens authenticate (the revoked one not), passwords verify against their bcrypt hash', async () => {
    await withDb(pglite, async (db) => {
      expect(await authenticateToken(db, made.token.json.token)).toBeNull();
      const principal = await authenticateToken(db, made.limited.json.token);
      expect(principal?.scopes).toEqual(new Set(['order.read', 'order.list']));
      const [generated] = await db.select().from(users).where(eq(users.id, made.user.json.id));
      expect(generated.passwordHash).toMatch(/^\$2[aby]\$10\$/);
      expect(await verifyPassword(made.user.json.password, generated.passwordHash!)).toBe(true);
      const [given] = await db.select().from(users).where(eq(users.id, made.given.json.id));
      expect(await verifyPassword('correct horse', given.passwordHash!)).toBe(true);
    });
  });

  it('one audit entry per change, each by the system actor cli, directly or through the admin channel', async () => {
    await withDb(pglite, async (db) => {
      const entries = await db.select().from(auditEvents).orderBy(auditEvents.createdAt, auditEvents.id);
      const changes = entries.map((e) => [e.action, e.subjectId]);
      expect(changes).toEqual(
        expect.arrayContaining([
          ['token.created', made.token.json.id],
          ['user.created', made.user.json.id],
          ['token.created', made.limited.json.id],
          ['token.revoked', made.token.json.id],
          ['user.created', made.given.json.id],
        ]),
      );
      // With the tenant and its signing secret: the seven changes that succeeded; the failed ones wrote none.
      expect(entries.map((e) => e.action).sort()).toEqual(
        ['tenant.created', 'tenant.webhookSecretRotated', 'token.created', 'token.created', 'token.revoked', 'user.created', 'user.created'].sort(),
      );
      for (const entry of entries) expect(entry).toMatchObject({ actorType: 'system', actorName: 'cli', actorUserId: null });
    });
  });
});

const built = ['.next/BUILD_ID', '.next/server/instrumentation.js', '.next/server/app/api/internal/admin/route.js'].every((f) => fs.existsSync(path.join(ROOT, f)));
// `npm test` builds first: a missing build fails these tests rather than skipping them.
if (!built) throw new Error('tests/cli/pglite.test.ts: no production build in .next: run next build (npm test does) first');

describe('the CLI through the admin channel of the server (scripts/server.mjs)', () => {
  it('reaches the server that holds PGlite; what it creates works on the API at once', async () => {
    const port = 3900 + Math.floor(Math.random() * 90);
    const next = await startProcess(
      [process.execPath, ...serverArgs()],
      childEnv({ ...env, PORT: String(port) }),
      /server listening/,
    );
    try {
      // instrumentation.ts opens (and migrates) the database at start-up, then records the port.
      for (let i = 0; i < 300 && readLockOwner(pglite.dataDir)?.port !== port; i++) await new Promise((r) => setTimeout(r, 100));
      expect(readLockOwner(pglite.dataDir)).toMatchObject({ pid: next.child.pid, port });
      expect(fs.statSync(path.join(dataDir, 'admin.key')).mode & 0o777).toBe(0o600);

      const created = await cli(['token', 'create', '--tenant', 'acme', '--scopes', 'agency.list'], env);
      expect(created.stderr).toBe('');
      expect(created.code).toBe(0);
      const response = await fetch(`http://127.0.0.1:${port}/api/v2/agencies`, { headers: { Authorization: `Bearer ${created.json.token}` } });
      expect(response.status).toBe(200);
      expect((await response.json()).data.length).toBeGreaterThan(0);

      const bad = await cli(['token', 'create', '--tenant', 'nope'], env);
      expect(bad.code).toBe(2);
      expect(bad.stderr).toBe('error: No tenant with slug "nope".\n');
    } finally {
      await stop(next.child);
    }
    expect(fs.existsSync(lockFileOf(pglite.dataDir))).toBe(false);
  });
});
