/**
 * `retention purge` (issue 16, DESIGN.md 6.2): with the clock moved forward (`--as-of`), a dry run
 * reports and writes nothing; the real run removes the contents of documents past their order's
 * retention day, keeps their metadata (purgedAt) and writes one audit entry per order; a second
 * run finds nothing. On PGlite (the seeded demo's SAMPLE papers), and on PostgreSQL when
 * DATABASE_URL is set (a scratch database `cli_retention`).
 */
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { rowsOf, type Db, type OpenOptions } from '@/lib/db/client';
import { DEMO } from '@/lib/seed';
import { cli, tempDir, withDb } from './helpers';

async function scratchPostgres(): Promise<string | undefined> {
  if (!process.env.DATABASE_URL) return undefined;
  const client = new pg.Client({ connectionString: process.env.DATABASE_URL, connectionTimeoutMillis: 3000 });
  await client.connect();
  try {
    await client.query('drop database if exists cli_retention with (force)');
    await client.query('create database cli_retention');
  } finally {
    await client.end();
  }
  const url = new URL(process.env.DATABASE_URL);
  url.pathname = '/cli_retention';
  return url.toString();
}

const dir = tempDir();
const postgresUrl = await scratchPostgres();
const engines: Array<{ engine: string; env: Record<string, string>; open: OpenOptions }> = [
  { engine: 'PGlite', env: { DATA_DIR: path.join(dir, 'data') }, open: { dataDir: path.join(dir, 'data', 'pglite') } },
  ...(postgresUrl ? [{ engine: 'PostgreSQL', env: { DATABASE_URL: postgresUrl, DATA_DIR: path.join(dir, 'pg-data') }, open: { url: postgresUrl } }] : []),
];

const acme = DEMO.tenants.acme.id;

async function state(db: Db) {
  const [row] = rowsOf<{ documents: number; ofOpenOrders: number; contents: number; purged: number; audits: number }>(
    await db.execute(sql`select
      (select count(*)::int from documents where tenant_id = ${acme}) as documents,
      (select count(*)::int from documents d join orders o on o.id = d.order_id where d.tenant_id = ${acme} and o.retention_until is null) as "ofOpenOrders",
      (select count(*)::int from document_contents c join documents d on d.id = c.document_id where d.tenant_id = ${acme}) as contents,
      (select count(*)::int from documents where tenant_id = ${acme} and purged_at is not null) as purged,
      (select count(*)::int from audit_events where tenant_id = ${acme} and action = 'documents.purged') as audits`),
  );
  return row;
}

describe.each(engines)('retention purge on $engine', ({ env, open }) => {
  const db = <T>(fn: (db: Db) => Promise<T>) => withDb(open, fn);

  it('2 for a malformed --as-of, before the database is touched', async () => {
    const run = await cli(['retention', 'purge', '--as-of', '2032-13-01'], env);
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/--as-of must be a day as YYYY-MM-DD/);
  });

  it('--dry-run with the clock moved forward reports the seeded papers past their day and writes nothing', { timeout: 240_000 }, async () => {
    const run = await cli(['retention', 'purge', '--dry-run', '--as-of', '2032-01-01', '--tenant', 'acme'], env);
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    expect(run.json).toMatchObject({ dryRun: true, asOf: '2032-01-01', more: false });
    expect(run.json.orders.length).toBeGreaterThan(10);
    const before = await db(state);
    // Every paper but those of orders still under way (a result of one service while another is open).
    expect(run.json.documents).toBe(before.documents - before.ofOpenOrders);
    expect(before.ofOpenOrders).toBeLessThan(before.documents / 10);
    expect(before).toMatchObject({ contents: before.documents, purged: 0, audits: 0 });
    for (const o of run.json.orders) expect(o.retentionUntil < '2032-01-01').toBe(true);
  });

  it('the real run removes the contents, keeps the metadata and audits each order; then nothing is left to do', { timeout: 120_000 }, async () => {
    // As of a day between the 1-year and the 5-year retention days: only the short ones go.
    const partial = await cli(['retention', 'purge', '--as-of', '2028-06-01', '--tenant', 'acme'], env);
    expect(partial.code).toBe(0);
    const long = await db((d) =>
      d.execute(sql`select count(*)::int as n from documents d join orders o on o.id = d.order_id
        where d.tenant_id = ${acme} and o.retention_until >= '2028-06-01' and d.purged_at is null`),
    );
    expect(rowsOf<{ n: number }>(long)[0].n).toBeGreaterThan(0);
    const afterPartial = await db(state);
    expect(afterPartial.purged).toBe(partial.json.documents);
    expect(afterPartial.audits).toBe(partial.json.orders.length);

    const run = await cli(['retention', 'purge', '--as-of', '2032-01-01', '--tenant', 'acme'], env);
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    expect(run.json).toMatchObject({ dryRun: false, asOf: '2032-01-01' });
    const after = await db(state);
    expect(after).toEqual({
      documents: afterPartial.documents,
      ofOpenOrders: afterPartial.ofOpenOrders,
      contents: afterPartial.ofOpenOrders,
      purged: afterPartial.documents - afterPartial.ofOpenOrders,
      audits: afterPartial.audits + run.json.orders.length,
    });
    const [audit] = await db((d) =>
      d.execute(sql`select actor_type, actor_name, data from audit_events where order_id = ${run.json.orders[0].orderId} and action = 'documents.purged'`),
    ).then((r) => rowsOf<{ actor_type: string; actor_name: string; data: { asOf: string; documents: Array<{ id: string }> } }>(r));
    expect(audit).toMatchObject({ actor_type: 'system', actor_name: 'cli', data: { asOf: '2032-01-01' } });
    expect(audit.data.documents.length).toBe(run.json.orders[0].documents);

    const again = await cli(['retention', 'purge', '--as-of', '2032-01-01', '--tenant', 'acme'], env);
    expect(again.json).toMatchObject({ orders: [], documents: 0, bytes: 0, more: false });
  });
});
