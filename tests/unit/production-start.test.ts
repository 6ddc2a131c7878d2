/**
 * Production start (DESIGN.md 6.4, issue 20 point 5): with APP_ENV=production the process's database
 * (lib/start-up.ts prepareDatabase, what the server and `npm start` run) is migrated and gets the reference data but
 * never the demo tenants, users or orders; and `npm start` names the three steps to a first order
 * with their exact commands. On PGlite always, on a scratch PostgreSQL database when DATABASE_URL is set.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { closeDatabase } from '@/lib/app-db';
import { prepareDatabase } from '@/lib/start-up';
import { rowsOf } from '@/lib/db/client';
import { productionSteps } from '@/scripts/lib/production-steps';
import { CONDITIONS, needs, postgresUrlForTests } from '../conditions';

const saved = { APP_ENV: process.env.APP_ENV, DATABASE_URL: process.env.DATABASE_URL, DATA_DIR: process.env.DATA_DIR };
const postgresUrl = postgresUrlForTests;

function restore() {
  for (const [name, value] of Object.entries(saved)) {
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  }
}

afterEach(async () => {
  await closeDatabase();
  restore();
});

async function counts() {
  const db = (await prepareDatabase()).db;
  const [row] = rowsOf<{ tenants: number; users: number; orders: number; agencies: number }>(
    await db.execute(sql`select (select count(*) from tenants)::int as tenants, (select count(*) from users)::int as users,
      (select count(*) from orders)::int as orders, (select count(*) from agencies)::int as agencies`),
  );
  return row;
}

describe('the demo seed never runs in production', () => {
  it('PGlite: a fresh data directory opened with APP_ENV=production has the reference data (agencies) and no tenant, user or order', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'dto-production-'));
    try {
      delete process.env.DATABASE_URL;
      process.env.DATA_DIR = dir;
      process.env.APP_ENV = 'production';
      expect(await counts()).toEqual({ tenants: 0, users: 0, orders: 0, agencies: 6 });
    } finally {
      await closeDatabase();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it.skipIf(!CONDITIONS.postgres.holds)(needs('postgres', 'PostgreSQL: a fresh database opened with APP_ENV=production has no tenant, user or order'), async () => {
    const name = `dto_production_start_${process.pid}_${Date.now()}`;
    const admin = new pg.Client({ connectionString: postgresUrl });
    await admin.connect();
    try {
      await admin.query(`create database ${name}`);
      const url = new URL(postgresUrl!);
      url.pathname = `/${name}`;
      process.env.DATABASE_URL = url.toString();
      process.env.APP_ENV = 'production';
      expect(await counts()).toEqual({ tenants: 0, users: 0, orders: 0, agencies: 6 });
    } finally {
      await closeDatabase();
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    }
  });
});

describe('npm start with APP_ENV=production', () => {
  it('names the three steps to a first order with their exact commands', () => {
    const text = productionSteps('http://localhost:3000', 0).join('\n');
    expect(text).toContain('This database has no tenant yet (production never loads demo data). Three steps to a first order:');
    expect(text).toContain('1. Create the tenant');
    expect(text).toContain('npm run --silent cli -- tenant create --slug <slug> --name "<Customer name>"');
    expect(text).toContain('2. Create its first admin');
    expect(text).toContain('npm run --silent cli -- user create --tenant <slug> --email <you@example.com> --role admin --name "<Your name>"');
    expect(text).toContain('3. Sign in at http://localhost:3000/login with that e-mail and password.');
    expect(text).toContain('npm run --silent cli -- clinics import --tenant <slug> --file clinics.csv');
  });

  it('says how many tenants exist when there are some', () => {
    expect(productionSteps('http://localhost:3000', 2).join('\n')).toContain('This database has 2 tenants. To set up another customer, three steps to a first order:');
  });
});
