/**
 * Readiness (/api/ready): may this process take traffic? It is when
 * - the database answers `select 1` quickly,
 * - every migration of this code's tree (lib/db/migrations/meta/_journal.json) is recorded as
 *   applied in drizzle's `drizzle.__drizzle_migrations` (a database *ahead* of the code, during a
 *   rolling deploy, is reported but still ready: migrations only add, and pulling every old
 *   instance out at once would be an outage),
 * - a webhook delivery worker beat recently (lib/worker/heartbeat.ts), in this process or another.
 * Reasons name what failed, never connection strings or driver messages (those go to the log).
 */
import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { getDb } from '@/lib/app-db';
import { migrationsFolder, rowsOf, type Db } from '@/lib/db/client';
import { log } from '@/lib/log';
import { HEARTBEAT_MAX_AGE_SECONDS, heartbeatAgeSeconds } from '@/lib/worker/heartbeat';
import { errorText, within } from './within';

export const READINESS_DATABASE_TIMEOUT_MS = 2_000;

export type CheckResult = { status: 'ok' | 'failed' | 'skipped'; detail?: string } & Record<string, unknown>;

export interface Readiness {
  ready: boolean;
  checks: { database: CheckResult; migrations: CheckResult; workerHeartbeat: CheckResult };
  /** What failed, when not ready. */
  reason?: string;
}

interface JournalEntry {
  tag: string;
  when: number;
}

let journal: JournalEntry[] | undefined;
/** The migrations in the tree; read once (the tree does not change under a running process). */
function migrationsInTree(): JournalEntry[] {
  journal ??= (JSON.parse(fs.readFileSync(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as { entries: JournalEntry[] }).entries;
  return journal;
}

const skipped: CheckResult = { status: 'skipped', detail: 'not checked: the database is unavailable' };

async function checkDatabase(): Promise<{ result: CheckResult; db?: Db }> {
  try {
    const db = await within(getDb(), READINESS_DATABASE_TIMEOUT_MS, 'the database');
    await within(db.execute(sql`select 1`), READINESS_DATABASE_TIMEOUT_MS, 'the database');
    return { result: { status: 'ok' }, db };
  } catch (error) {
    log('warn', 'readiness: database check failed', { error: errorText(error) });
    return { result: { status: 'failed', detail: `database did not answer select 1 within ${READINESS_DATABASE_TIMEOUT_MS} ms` } };
  }
}

async function checkMigrations(db: Db): Promise<CheckResult> {
  const expected = migrationsInTree();
  let applied: Set<string>;
  try {
    const rows = rowsOf<{ created_at: string }>(
      await within(db.execute(sql`select created_at::text as created_at from drizzle.__drizzle_migrations`), READINESS_DATABASE_TIMEOUT_MS, 'the migrations query'),
    );
    applied = new Set(rows.map((r) => r.created_at));
  } catch (error) {
    log('warn', 'readiness: migrations check failed', { error: errorText(error) });
    return { status: 'failed', detail: 'migrations: the table of applied migrations could not be read' };
  }
  const missing = expected.filter((m) => !applied.has(String(m.when))).map((m) => m.tag);
  const known = new Set(expected.map((m) => String(m.when)));
  const newerThanCode = [...applied].filter((when) => !known.has(when)).length;
  const counts = { expected: expected.length, applied: applied.size, ...(newerThanCode ? { newerThanCode } : {}) };
  if (missing.length) return { status: 'failed', detail: `migrations not applied: ${missing.join(', ')}`, ...counts };
  return { status: 'ok', ...counts };
}

async function checkHeartbeat(db: Db): Promise<CheckResult> {
  let age: number | null;
  try {
    age = await within(heartbeatAgeSeconds(db), READINESS_DATABASE_TIMEOUT_MS, 'the heartbeat query');
  } catch (error) {
    log('warn', 'readiness: heartbeat check failed', { error: errorText(error) });
    return { status: 'failed', detail: 'worker heartbeat could not be read' };
  }
  const limit = { maxAgeSeconds: HEARTBEAT_MAX_AGE_SECONDS };
  if (age === null)
    return { status: 'failed', detail: 'worker heartbeat missing: no webhook delivery worker has run (WEBHOOK_WORKER=off here and no `npm run worker`?)', ...limit };
  const ageSeconds = Math.round(age * 10) / 10;
  if (age > HEARTBEAT_MAX_AGE_SECONDS)
    return { status: 'failed', detail: `worker heartbeat is ${Math.round(age)} s old (limit ${HEARTBEAT_MAX_AGE_SECONDS} s): no webhook delivery worker is running`, ageSeconds, ...limit };
  return { status: 'ok', ageSeconds, ...limit };
}

export async function checkReadiness(): Promise<Readiness> {
  const database = await checkDatabase();
  const checks = database.db
    ? { database: database.result, migrations: await checkMigrations(database.db), workerHeartbeat: await checkHeartbeat(database.db) }
    : { database: database.result, migrations: skipped, workerHeartbeat: skipped };
  const failed = Object.values(checks).filter((c) => c.status === 'failed');
  return failed.length ? { ready: false, checks, reason: failed.map((c) => c.detail).join('; ') } : { ready: true, checks };
}
