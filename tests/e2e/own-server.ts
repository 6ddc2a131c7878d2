/**
 * A server of a spec's own (scripts/server.mjs on the e2e build) on a scratch PostgreSQL database,
 * for what the shared staging server cannot show: production without a mail provider, or a staging
 * database a spec may change freely (passwords). `npm run cli` runs against the same database.
 * The database and the data directory are created here and removed by `stop()`.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { freePort, serverArgs } from '../../scripts/lib/processes';
import { postgresUrlForTests } from '../conditions';

const ROOT = path.resolve(import.meta.dirname, '../..');

export interface OwnServer {
  baseURL: string;
  databaseUrl: string;
  cli(args: string[]): { code: number | null; stdout: string; stderr: string; json: any };
  stop(): Promise<void>;
}

async function waitForServer(url: string, child: ChildProcess, log: () => string): Promise<void> {
  const deadline = Date.now() + 180_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`The server exited (${child.exitCode}):\n${log()}`);
    try {
      const response = await fetch(`${url}/api/ready`, { signal: AbortSignal.timeout(5_000) });
      if (response.status === 200) return;
    } catch {
      /* not listening yet */
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`The server did not become ready:\n${log()}`);
}

/** Starts the server with APP_ENV `appEnv` and no SMTP_URL nor Twilio: production fails messages, staging keeps them in its mailbox. */
export async function startOwnServer(appEnv: 'production' | 'staging', label: string): Promise<OwnServer> {
  const dbName = `dto_${label}_${Date.now().toString(36)}_${process.pid}`;
  const admin = new pg.Client({ connectionString: postgresUrlForTests });
  await admin.connect();
  await admin.query(`create database ${dbName}`);
  await admin.end();
  const url = new URL(postgresUrlForTests);
  url.pathname = `/${dbName}`;
  const databaseUrl = url.toString();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `dto-${label}-`));
  const port = await freePort();
  const baseURL = `http://localhost:${port}`;
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    APP_ENV: appEnv,
    NODE_ENV: 'production',
    NEXTAUTH_SECRET: randomBytes(32).toString('base64url'),
    ENCRYPTION_KEY: randomBytes(32).toString('hex'),
    METRICS_TOKEN: randomBytes(16).toString('hex'),
    DATABASE_URL: databaseUrl,
    DATA_DIR: dataDir,
    SANDBOX: 'off',
    LOG_LEVEL: 'warn',
  };
  for (const name of ['NEXTAUTH_URL', 'PUBLIC_URL', 'SMTP_URL', 'TWILIO_ACCOUNT_SID', 'TWILIO_AUTH_TOKEN', 'TWILIO_FROM']) delete env[name];
  let log = '';
  const server = spawn(process.execPath, serverArgs(), { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
  server.stdout!.on('data', (d) => (log = (log + d).slice(-20_000)));
  server.stderr!.on('data', (d) => (log = (log + d).slice(-20_000)));
  await waitForServer(baseURL, server, () => log);

  return {
    baseURL,
    databaseUrl,
    cli(args) {
      const run = spawnSync('npm', ['run', '--silent', 'cli', '--', ...args], {
        cwd: ROOT,
        encoding: 'utf8',
        env: { ...process.env, DATABASE_URL: databaseUrl, APP_ENV: appEnv, DATA_DIR: dataDir, ENCRYPTION_KEY: env.ENCRYPTION_KEY },
        timeout: 120_000,
      });
      let json: unknown;
      try {
        json = JSON.parse(run.stdout);
      } catch {
        json = undefined;
      }
      return { code: run.status, stdout: run.stdout, stderr: run.stderr, json };
    },
    async stop() {
      if (server.exitCode === null) {
        const exited = new Promise((resolve) => server.once('exit', resolve));
        server.kill('SIGTERM');
        await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 10_000))]);
        if (server.exitCode === null) server.kill('SIGKILL');
      }
      fs.rmSync(dataDir, { recursive: true, force: true });
      const drop = new pg.Client({ connectionString: postgresUrlForTests });
      await drop.connect();
      await drop.query(`drop database if exists ${dbName} with (force)`);
      await drop.end();
    },
  };
}
