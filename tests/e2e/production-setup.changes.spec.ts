/**
 * A real customer from an empty production database (issue 20, DESIGN.md 6.4): this spec starts a
 * server of its own (scripts/server.mjs on the e2e build) with APP_ENV=production on a fresh
 * PostgreSQL database, which has no demo data. As an operator would: `tenant create` and `user
 * create` by CLI; the admin signs in and follows the home page's checklist through the UI (company,
 * location, package); the operator imports a small clinics file by CLI; the admin places an order
 * at the new location with the new package and sees it in the list.
 *
 * PostgreSQL only (production runs on it): skipped with a message when DATABASE_URL is unset; CI
 * sets it. The scratch database is created and dropped here.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import pg from 'pg';
import { freePort, serverArgs } from '../../scripts/lib/processes';
import { screenshotAndAudit } from './helpers';
import { CONDITIONS, postgresUrlForTests } from '../conditions';

const ROOT = path.resolve(import.meta.dirname, '../..');
const ADMIN_URL = postgresUrlForTests;
const stamp = Date.now().toString(36);
const DB_NAME = `dto_production_setup_${stamp}_${process.pid}`;
const SLUG = `bluebonnet-${stamp}`;
const ADMIN = { email: `owner.${stamp}@bluebonnet.example`, password: `first-admin-${stamp}`, name: 'Olivia Owner' };
const COMPANY = 'Bluebonnet Freight';
const LOCATION = 'Deep Ellum Yard';
const PACKAGE = 'Non-DOT Drug Screen';

test.skip(!ADMIN_URL, `${CONDITIONS.postgres.tag} Production setup runs on PostgreSQL: set DATABASE_URL (CI does) to run it.`);
test.describe.configure({ mode: 'serial', timeout: 300_000 });

let databaseUrl = '';
let dataDir = '';
let server: ChildProcess | undefined;
let baseURL = '';
let serverLog = '';

function cli(args: string[]): { code: number | null; stdout: string; stderr: string; json: any } {
  const run = spawnSync('npm', ['run', '--silent', 'cli', '--', ...args], {
    cwd: ROOT,
    encoding: 'utf8',
    env: { ...process.env, DATABASE_URL: databaseUrl, APP_ENV: 'production', DATA_DIR: dataDir },
    timeout: 120_000,
  });
  let json: unknown;
  try {
    json = JSON.parse(run.stdout);
  } catch {
    json = undefined;
  }
  return { code: run.status, stdout: run.stdout, stderr: run.stderr, json };
}

async function waitForServer(url: string, child: ChildProcess): Promise<void> {
  const deadline = Date.now() + 180_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`The production server exited (${child.exitCode}):\n${serverLog}`);
    try {
      const response = await fetch(`${url}/api/ready`, { signal: AbortSignal.timeout(5_000) });
      if (response.status === 200) return;
    } catch {
      /* not listening yet */
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`The production server did not become ready:\n${serverLog}`);
}

test.beforeAll(async () => {
  // A server start (migrations, the demo seed in staging) and CLI runs: the hook's own minute is
  // short on a busy machine, where this spec now starts beside the read-only ones.
  test.setTimeout(240_000);
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  await admin.query(`create database ${DB_NAME}`);
  await admin.end();
  const url = new URL(ADMIN_URL!);
  url.pathname = `/${DB_NAME}`;
  databaseUrl = url.toString();
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'dto-production-setup-'));

  const port = await freePort();
  baseURL = `http://localhost:${port}`;
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    APP_ENV: 'production',
    NODE_ENV: 'production',
    NEXTAUTH_SECRET: randomBytes(32).toString('base64url'),
    ENCRYPTION_KEY: randomBytes(32).toString('hex'),
    METRICS_TOKEN: randomBytes(16).toString('hex'),
    DATABASE_URL: databaseUrl,
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
  };
  delete env.NEXTAUTH_URL;
  delete env.PUBLIC_URL;
  server = spawn(process.execPath, serverArgs(), { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
  server.stdout!.on('data', (d) => (serverLog = (serverLog + d).slice(-20_000)));
  server.stderr!.on('data', (d) => (serverLog = (serverLog + d).slice(-20_000)));
  await waitForServer(baseURL, server);
});

test.afterAll(async () => {
  if (server && server.exitCode === null) {
    const exited = new Promise((resolve) => server!.once('exit', resolve));
    server.kill('SIGTERM');
    await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 10_000))]);
    if (server.exitCode === null) server.kill('SIGKILL');
  }
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  if (ADMIN_URL) {
    const admin = new pg.Client({ connectionString: ADMIN_URL });
    await admin.connect();
    await admin.query(`drop database if exists ${DB_NAME} with (force)`);
    await admin.end();
  }
});

async function fillAddress(scope: ReturnType<Page['getByRole']>, street: string, zip: string) {
  await scope.getByRole('textbox', { name: 'Street', exact: true }).fill(street);
  await scope.getByRole('textbox', { name: 'City', exact: true }).fill('Dallas');
  await scope.getByRole('textbox', { name: 'State', exact: true }).fill('TX');
  await scope.getByRole('textbox', { name: 'ZIP code', exact: true }).fill(zip);
}

async function choose(page: Page, selector: string, optionText: string | RegExp) {
  const option = page.locator(`${selector} option`, { hasText: optionText }).first();
  await expect(option).toBeAttached();
  await page.locator(selector).selectOption((await option.getAttribute('value'))!);
}

test('from an empty production database to a first order: CLI tenant and admin, the checklist through the UI, a clinics import, an order', async ({ browser }) => {
  // -- The operator: no demo data in production; a tenant and its first admin by CLI --
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  const demo = cli(['token', 'list', '--tenant', 'acme']);
  expect(demo.code).toBe(2);
  expect(demo.stderr).toContain('No tenant with slug "acme".');

  const tenant = cli(['tenant', 'create', '--slug', SLUG, '--name', 'Bluebonnet Logistics']);
  expect(tenant.code, tenant.stderr).toBe(0);
  const user = cli(['user', 'create', '--tenant', SLUG, '--email', ADMIN.email, '--role', 'admin', '--name', ADMIN.name, '--password', ADMIN.password]);
  expect(user.code, user.stderr).toBe(0);
  expect(user.json).toMatchObject({ email: ADMIN.email, role: 'admin', companyIds: 'all', tenant: SLUG });

  // -- Sign in; the home page shows the checklist, nothing done yet --
  await page.goto('/login');
  await page.getByLabel('E-mail').fill(ADMIN.email);
  await page.getByLabel('Password').fill(ADMIN.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL((url) => url.pathname === '/orders');
  const checklist = page.getByTestId('setup-checklist');
  await expect(checklist).toBeVisible();
  await expect(checklist).toContainText('0 of 7 done');
  await expect(checklist.locator('[data-step="company"]')).toHaveAttribute('data-done', 'false');
  await screenshotAndAudit(page, 'production-checklist');

  // -- Company, from the checklist --
  await checklist.getByRole('link', { name: /Add a company/ }).click();
  await page.waitForURL((url) => url.pathname === '/companies');
  await page.getByRole('button', { name: 'New company' }).click();
  const companyDialog = page.getByRole('dialog', { name: 'New company' });
  await companyDialog.getByRole('textbox', { name: 'Name', exact: true }).fill(COMPANY);
  await fillAddress(companyDialog, '2100 Ross Ave', '75201');
  await companyDialog.getByRole('button', { name: 'Create company' }).click();
  await expect(page.getByRole('heading', { level: 1, name: COMPANY })).toBeVisible();

  // -- Location, from the checklist --
  await page.goto('/orders');
  await expect(checklist.locator('[data-step="company"]')).toHaveAttribute('data-done', 'true');
  await checklist.getByRole('link', { name: /Add a location/ }).click();
  await page.waitForURL((url) => url.pathname === '/locations');
  await page.getByRole('button', { name: 'New location' }).click();
  const locationDialog = page.getByRole('dialog', { name: 'New location' });
  const company = locationDialog.getByRole('combobox', { name: 'Company', exact: true });
  if (await company.count()) await company.selectOption({ label: COMPANY });
  await locationDialog.getByRole('textbox', { name: 'Name', exact: true }).fill(LOCATION);
  await fillAddress(locationDialog, '2600 Main St', '75226');
  await locationDialog.getByRole('button', { name: 'Create location' }).click();
  await expect(page.getByRole('heading', { level: 1, name: LOCATION })).toBeVisible();

  // -- Package, from the checklist: one service of the standard catalog --
  await page.goto('/orders');
  await expect(checklist.locator('[data-step="location"]')).toHaveAttribute('data-done', 'true');
  await checklist.getByRole('link', { name: /Create a package/ }).click();
  await page.waitForURL((url) => url.pathname === '/packages');
  await page.getByRole('button', { name: 'New package' }).click();
  const packageDialog = page.getByRole('dialog', { name: 'New package' });
  await packageDialog.getByRole('textbox', { name: 'Name', exact: true }).fill(PACKAGE);
  await packageDialog.getByRole('combobox', { name: 'Company', exact: true }).selectOption({ label: COMPANY });
  await packageDialog.getByRole('checkbox', { name: /^Non-DOT 10-Panel Urine Drug Screen/ }).check();
  await packageDialog.getByRole('button', { name: 'Create package' }).click();
  await expect(page.getByRole('heading', { level: 1, name: PACKAGE })).toBeVisible();

  // -- The clinic network, by CLI --
  const file = path.join(dataDir, 'clinics.csv');
  fs.writeFileSync(
    file,
    [
      'externalId,name,phone,line1,line2,city,state,postalCode,country,lat,long,isActive,services',
      'bb-1,Deep Ellum Occupational Health,+12145550101,2700 Elm St,,Dallas,TX,75226,US,,,true,nonDotUrine:48',
      'bb-2,Uptown Collection Site,+12145550102,2500 McKinney Ave,,Dallas,TX,75201,US,,,true,nonDotUrine:45.5;dotUrine:55',
      '',
    ].join('\n'),
  );
  const imported = cli(['clinics', 'import', '--tenant', SLUG, '--file', file]);
  expect(imported.code, imported.stderr).toBe(0);
  expect(imported.json).toEqual({ inserted: 2, updated: 0, unchanged: 0, errors: [] });

  await page.goto('/orders');
  for (const step of ['company', 'location', 'package', 'clinics']) await expect(checklist.locator(`[data-step="${step}"]`)).toHaveAttribute('data-done', 'true');
  await expect(checklist).toContainText('4 of 7 done');

  // -- The first order: the new location and package --
  await page.goto('/orders/new');
  await expect(page.getByRole('heading', { name: 'New order' })).toBeVisible();
  await choose(page, '#location', LOCATION);
  await choose(page, '#package', PACKAGE);
  await choose(page, '#test-reason', 'Random');
  await page.getByLabel('First name').fill('Pat');
  await page.getByLabel('Last name').fill(`First-${stamp}`);
  await page.locator('#participant-email').fill('pat.first@example.com');
  await page.getByRole('button', { name: 'Create order' }).click();
  await page.waitForURL(/\/orders\/[0-9a-f-]{36}$/);
  const code = (await page.getByTestId('order-code').textContent())?.trim();
  expect(code).toBeTruthy();
  // No mail provider: the pass panel says the link was not sent, and why, not "Sent by e-mail" (issue 29).
  const delivery = page.getByTestId('pass-panel').getByTestId('pass-delivery');
  await expect(delivery).toHaveAttribute('data-status', 'failed', { timeout: 30_000 });
  await expect(delivery).toContainText('Not sent by e-mail to pat.first@example.com.');
  await expect(delivery).toContainText('This server has no e-mail (SMTP) or text-message (Twilio) provider configured.');

  // -- In the list --
  await page.goto('/orders');
  const row = page.getByRole('row').filter({ hasText: code! });
  await expect(row).toBeVisible();
  await expect(row).toContainText(`First-${stamp}`);
  // The first order does not end the setup: the checklist stays while a step is undone (issue 29).
  await expect(checklist).toBeVisible();
  await expect(checklist.locator('[data-step="webhook"]')).toHaveAttribute('data-done', 'false');
  await expect(checklist.locator('[data-step="user"]')).toHaveAttribute('data-done', 'false');
  await screenshotAndAudit(page, 'production-first-order');
  await context.close();
});
