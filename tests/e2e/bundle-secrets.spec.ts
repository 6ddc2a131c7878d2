/**
 * The built client bundles (`.next/static/**`, what any browser can download) hold no server
 * secret and no server-only code (issue 7, point 5). No page is opened: the files of the build the
 * webServer made are read.
 *
 * Secrets: the values of NEXTAUTH_SECRET / ENCRYPTION_KEY / DATABASE_URL in this environment (the
 * one the build ran with) and the secrets the embedded default generated into ./.data, Standard
 * Webhooks secrets (`whsec_` + base64), bcrypt hashes, sealed identifiers (`enc:v1:`).
 * Server code: SQL and driver strings of the database layer. The same search must find the
 * server-side markers in `.next/server`, where they belong, so the test is able to fail.
 */
import fs from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';

const root = process.cwd();
const nextDir = path.join(root, '.next');

function filesUnder(dir: string, keep: (file: string) => boolean): string[] {
  if (!fs.existsSync(dir)) return [];
  const out: string[] = [];
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) out.push(...filesUnder(full, keep));
    else if (keep(full)) out.push(full);
  }
  return out;
}

const isScript = (f: string) => /\.(c|m)?js$/.test(f);

interface Marker {
  name: string;
  pattern: RegExp;
  /** The marker is server code: the same search must find it in `.next/server`. */
  inServer?: boolean;
}

/** Server-only code that must stay out of the client. */
const SERVER_CODE: Marker[] = [
  { name: 'users.password_hash column (drizzle schema)', pattern: /password_hash/, inServer: true },
  { name: 'migration lock pg_advisory_xact_lock (lib/db/client.ts)', pattern: /pg_advisory_xact_lock/, inServer: true },
  { name: 'identifier sealing prefix enc:v1: (lib/domain/order-model/identifiers.ts)', pattern: /enc:v1:/, inServer: true },
  { name: 'outbox claim FOR UPDATE SKIP LOCKED (lib/worker)', pattern: /for update skip locked/i, inServer: true },
  { name: 'CREATE EXTENSION (migrations)', pattern: /create extension/i },
  { name: 'PGlite module', pattern: /@electric-sql\/pglite|pglite\.wasm|pglite\.data/i },
  { name: 'node-postgres protocol (SCRAM-SHA-256 client)', pattern: /SCRAM-SHA-256-PLUS|pg-protocol/ },
];

/** Secrets by shape. */
const SECRET_SHAPES: Marker[] = [
  { name: 'Standard Webhooks secret (whsec_...)', pattern: /whsec_[A-Za-z0-9+/]{20,}={0,2}/ },
  { name: 'bcrypt hash', pattern: /\$2[aby]\$\d\d\$[./A-Za-z0-9]{53}/ },
  { name: 'sealed identifier (enc:v1:...)', pattern: /enc:v1:[A-Za-z0-9+/_-]{8,}/ },
  { name: 'API token (dto_test_ / dto_live_ + 32 chars)', pattern: /dto_(test|live)_[A-Za-z0-9_-]{32}/ },
];

/** Secret values of this environment and of the embedded default's data directory. */
function secretValues(): Array<{ name: string; value: string }> {
  const values: Array<{ name: string; value: string }> = [];
  for (const name of ['NEXTAUTH_SECRET', 'ENCRYPTION_KEY', 'DATABASE_URL', 'REDIS_URL']) {
    const value = process.env[name];
    if (value && value.length >= 8) values.push({ name: `$${name}`, value });
  }
  const dataDir = path.resolve(process.env.DATA_DIR ?? './.data');
  for (const file of ['encryption.key', 'auth.secret', 'admin.key']) {
    const full = path.join(dataDir, file);
    if (fs.existsSync(full)) {
      const value = fs.readFileSync(full, 'utf8').trim();
      if (value.length >= 8) values.push({ name: `${full}`, value });
    }
  }
  return values;
}

test.describe('client bundles', () => {
  expect(fs.existsSync(path.join(nextDir, 'BUILD_ID')), 'a production build in .next (npm test builds it first)').toBe(true);

  const clientFiles = () => filesUnder(path.join(nextDir, 'static'), isScript);
  const read = (files: string[]) => files.map((file) => ({ file: path.relative(root, file), text: fs.readFileSync(file, 'utf8') }));

  test('contain no server-only code, and the same search finds it in the server output', () => {
    const client = read(clientFiles());
    expect(client.length, 'client scripts under .next/static').toBeGreaterThan(0);
    const server = read(filesUnder(path.join(nextDir, 'server'), isScript));
    expect(server.length, 'server scripts under .next/server').toBeGreaterThan(0);

    for (const marker of SERVER_CODE) {
      const leaks = client.filter((f) => marker.pattern.test(f.text)).map((f) => f.file);
      expect(leaks, `${marker.name} in client bundles`).toEqual([]);
      if (marker.inServer) {
        // The control: the pattern does match the build, where the code belongs.
        expect(server.some((f) => marker.pattern.test(f.text)), `${marker.name} found in .next/server`).toBe(true);
      }
    }
    // PGlite's WASM and data files must not be published as static media (serverExternalPackages).
    const media = filesUnder(path.join(nextDir, 'static'), (f) => /\.(wasm|data)$/.test(f) || /pglite/i.test(path.basename(f)));
    expect(media.map((f) => path.relative(root, f)), 'PGlite files under .next/static').toEqual([]);
    console.log(`bundle-secrets: ${client.length} client scripts, ${server.length} server scripts, ${SERVER_CODE.length} server-code markers`);
  });

  test('contain no secret value or secret-shaped string', () => {
    const client = read(clientFiles());
    const values = secretValues();
    for (const { name, value } of values) {
      const leaks = client.filter((f) => f.text.includes(value)).map((f) => f.file);
      expect(leaks, `the value of ${name} in client bundles`).toEqual([]);
    }
    for (const marker of SECRET_SHAPES) {
      const leaks = client.flatMap((f) => {
        const match = marker.pattern.exec(f.text);
        return match ? [`${f.file}: ${match[0].slice(0, 16)}...`] : [];
      });
      expect(leaks, `${marker.name} in client bundles`).toEqual([]);
    }
    // The control of the shape patterns: each matches a sample of the secret it stands for.
    const samples: Record<string, string> = {
      'Standard Webhooks secret (whsec_...)': `whsec_${Buffer.alloc(32, 7).toString('base64')}`,
      'bcrypt hash': '$2b$10$abcdefghijklmnopqrstuuABCDEFGHIJKLMNOPQRSTUVWXYZ01234',
      'sealed identifier (enc:v1:...)': 'enc:v1:AAAAAAAAAAAAAAAA',
      'API token (dto_test_ / dto_live_ + 32 chars)': `dto_test_${'a'.repeat(32)}`,
    };
    for (const marker of SECRET_SHAPES) expect(marker.pattern.test(samples[marker.name]), `pattern of ${marker.name}`).toBe(true);
    console.log(`bundle-secrets: checked ${values.length} secret values (${values.map((v) => v.name).join(', ') || 'none set'}) and ${SECRET_SHAPES.length} secret shapes`);
  });
});
