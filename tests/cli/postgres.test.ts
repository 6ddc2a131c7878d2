/**
 * The CLI on PostgreSQL: a scratch database `clitest`, created afresh on the server of the tests'
 * PostgreSQL (tests/conditions.ts). Skipped only when no PostgreSQL is given; an unreachable one fails.
 */
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { authenticateToken } from '@/lib/domain/api-tokens/tokens';
import { DEMO } from '@/lib/seed';
import { cli, cliProcess, tempDir, withDb } from './helpers';
import { CONDITIONS, needs, postgresUrlForTests } from '../conditions';

async function createScratchDatabase(): Promise<string | undefined> {
  const server = postgresUrlForTests;
  if (!server) return undefined;
  const client = new pg.Client({ connectionString: server, connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
    await client.query('drop database if exists clitest with (force)');
    await client.query('create database clitest');
  } finally {
    await client.end().catch(() => {});
  }
  const url = new URL(server);
  url.pathname = '/clitest';
  return url.toString();
}

const url = await createScratchDatabase();

describe.skipIf(!CONDITIONS.postgres.holds)(needs('postgres', 'the CLI on PostgreSQL'), () => {
  const env = { DATABASE_URL: url ?? '', DATA_DIR: path.join(tempDir(), 'data') };

  it('db seed migrates and writes the demo data into an empty database, once', async () => {
    const seed = await cliProcess(['db', 'seed'], env); // a real process: the entry point on PostgreSQL
    expect(seed.stderr).toBe('');
    expect(seed.code).toBe(0);
    expect(seed.json).toMatchObject({ driver: 'postgres', migrated: true, seeded: true });
    expect(seed.json.message).toMatch(/demo data \(tenants acme and northwind\)/);
  });

  it('token create and list, user create, webhook-secret rotate, tenant list; bad input exits 2', async () => {
    const primary = DEMO.northwind.companies.primary;
    const [created, user, rotated, tenants, unknown, again] = await Promise.all([
      cli(['token', 'create', '--tenant', 'northwind', '--scopes', 'order.create', '--companies', primary, '--expires-in', '60'], env),
      cli(['user', 'create', '--tenant', 'northwind', '--email', 'ops@northwind.test', '--role', 'staff'], env),
      cli(['webhook-secret', 'rotate', '--tenant', 'northwind'], env),
      cli(['tenant', 'list'], env),
      cli(['token', 'list', '--tenant', 'globex'], env),
      cli(['db', 'seed'], env),
    ]);
    expect(created.stderr).toBe('');
    expect(created.json).toMatchObject({ scopes: ['order.create'], companyIds: [primary] });
    expect(user.json).toMatchObject({ email: 'ops@northwind.test', role: 'staff', password: expect.any(String) });
    expect(rotated.json.secret).toMatch(/^whsec_/);
    expect(tenants.json.map((t: { slug: string }) => t.slug)).toEqual(['acme', 'northwind']);
    expect(unknown.code).toBe(2);
    expect(again.json.seeded).toBe(false);

    const list = await cli(['token', 'list', '--tenant', 'northwind'], env);
    expect(list.json).toEqual([expect.objectContaining({ id: created.json.id, companyIds: [primary] })]);
    expect(fs.existsSync(path.join(env.DATA_DIR, 'pglite'))).toBe(false); // PostgreSQL only (DATA_DIR may hold generated secrets)

    await withDb({ url }, async (db) => {
      const principal = await authenticateToken(db, created.json.token);
      expect(principal).toMatchObject({ tenantId: DEMO.tenants.northwind.id, companyIds: [primary] });
    });
  });
});
