/**
 * Security headers decided per request and per run, not by `next build` (issue 13, finding 7):
 *
 * - pages: a Content-Security-Policy with a fresh script nonce (proxy.ts) and no 'unsafe-inline' for
 *   scripts; every script the page ships carries that nonce, and the browser reports no violation
 *   on the dashboard's pages (the map included);
 * - the API: a script-less policy (next.config.mjs), the proxy never runs for it;
 * - HSTS: the same build sends it when started with APP_ENV=production (scripts/server.mjs), on pages
 *   and on the API, and not in staging (the e2e server). This spec starts that production server
 *   itself on a free port with a fresh DATA_DIR (production seeds no demo data: enough for headers).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test, type APIResponse, type Page } from '@playwright/test';
import { freePort, serverArgs } from '../../scripts/lib/processes';
import { apiOrders, signIn } from './helpers';

const HSTS = 'max-age=63072000; includeSubDomains';

/** The values of one header (Playwright joins repeated headers in `headers()`). */
function headerValues(response: APIResponse | Response, name: string): string[] {
  if ('headersArray' in response) return response.headersArray().filter((h) => h.name.toLowerCase() === name).map((h) => h.value);
  const value = response.headers.get(name);
  return value === null ? [] : [value];
}

function directive(csp: string, name: string): string | undefined {
  return csp
    .split(';')
    .map((part) => part.trim())
    .find((part) => part.split(' ')[0] === name);
}

function nonceOf(csp: string): string {
  const match = /'nonce-([^']+)'/.exec(directive(csp, 'script-src') ?? '');
  expect(match, `a nonce in ${csp}`).not.toBeNull();
  return match![1];
}

/** Collects what the browser reports about the Content Security Policy, and uncaught errors. */
function watchViolations(page: Page): string[] {
  const reported: string[] = [];
  page.on('console', (message) => {
    if (/Content.Security.Policy/i.test(message.text())) reported.push(`${page.url()}: ${message.text()}`);
  });
  page.on('pageerror', (error) => reported.push(`${page.url()}: ${error.message}`));
  return reported;
}

test.describe('Content-Security-Policy of pages', () => {
  test('a page has one policy whose script-src is a nonce and strict-dynamic, no unsafe-inline', async ({ request }) => {
    const response = await request.get('/login');
    expect(response.status()).toBe(200);
    const policies = headerValues(response, 'content-security-policy');
    expect(policies).toHaveLength(1);
    const [csp] = policies;
    expect(directive(csp, 'script-src')).toBe(`script-src 'self' 'nonce-${nonceOf(csp)}' 'strict-dynamic'`);
    expect(directive(csp, 'object-src')).toBe("object-src 'none'");
    expect(directive(csp, 'frame-ancestors')).toBe("frame-ancestors 'none'");
    expect(directive(csp, 'base-uri')).toBe("base-uri 'self'");
    expect(nonceOf(csp)).toMatch(/^[A-Za-z0-9+/]{22}==$/);
  });

  test('every script of the page carries the nonce of its response', async ({ request }) => {
    const response = await request.get('/login');
    const nonce = nonceOf(headerValues(response, 'content-security-policy')[0]);
    const scripts = (await response.text()).match(/<script\b[^>]*>/g) ?? [];
    expect(scripts.length).toBeGreaterThan(1); // Next.js's bootstrap and chunks, the theme script
    for (const tag of scripts) expect(tag).toContain(`nonce="${nonce}"`);
  });

  test('the nonce is new on every request', async ({ request }) => {
    const nonces = new Set<string>();
    for (let i = 0; i < 3; i++) nonces.add(nonceOf(headerValues(await request.get('/login'), 'content-security-policy')[0]));
    expect(nonces.size).toBe(3);
  });

  test('injected markup runs no script: an inline event handler is refused', async ({ page }) => {
    const reported = watchViolations(page);
    await page.goto('/login');
    // The classic payload of an HTML injection; 'unsafe-inline' would let it run.
    const ran = await page.evaluate(async () => {
      document.body.insertAdjacentHTML('beforeend', '<img id="injected" alt="" src="data:," onerror="window.__injected = true">');
      const image = document.getElementById('injected') as HTMLImageElement;
      // The attribute's handler comes first; this listener sees the error after it was tried.
      await new Promise((resolve) => image.addEventListener('error', resolve, { once: true }));
      return (window as unknown as { __injected?: boolean }).__injected === true;
    });
    expect(ran).toBe(false);
    await expect.poll(() => reported.length).toBe(1);
    expect(reported[0]).toContain('inline event handler');
  });

  test('the dashboard runs under it: no violation reported on its pages', async ({ page }) => {
    const reported = watchViolations(page);
    await page.goto('/login');
    await expect(page.getByRole('heading', { name: 'Sign in to Testing Orders' })).toBeVisible();
    await signIn(page, 'admin', { via: 'form' });
    await expect(page.locator('tbody tr').first()).toBeVisible();
    const [order] = (await apiOrders(page.request, { limit: 1 })).data;

    await page.goto(`/orders/${order.id}`);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.goto('/clinics?where=75201');
    await expect(page.locator('.leaflet-overlay-pane path.us-state, .leaflet-pane path.us-state').first()).toBeAttached();
    await expect(page.locator('.leaflet-marker-pane').locator('[data-testid=clinic-marker], [data-testid=clinic-cluster]').first()).toBeVisible();
    await page.goto('/docs/api');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.goto('/orders/new');
    await expect(page.getByRole('heading', { name: 'New order' })).toBeVisible();
    // The client router navigates too (RSC fetches, chunks loaded by the nonced scripts).
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Clinics', exact: true }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Find clinics' })).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect(reported).toEqual([]);
  });
});

test.describe('Headers of the API', () => {
  test('an API response has a script-less policy, no nonce, and the static headers', async ({ request }) => {
    const response = await request.get('/api/v2/orders');
    expect(response.status()).toBe(401);
    expect(headerValues(response, 'content-security-policy')).toEqual([
      "default-src 'none'; style-src 'unsafe-inline'; img-src 'self' data:; form-action 'self'; base-uri 'none'; frame-ancestors 'none'",
    ]);
    expect(response.headers()['x-content-type-options']).toBe('nosniff');
    expect(response.headers()['x-frame-options']).toBe('DENY');
  });
});

test.describe('Headers that depend on APP_ENV, decided when the server starts', () => {
  let server: ChildProcess | undefined;
  let dataDir: string | undefined;
  let output = '';

  test.afterAll(async () => {
    if (server && server.exitCode === null && server.signalCode === null) {
      const exited = new Promise((resolve) => server!.once('exit', resolve));
      server.kill('SIGTERM');
      await exited;
    }
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  });

  async function startProduction(): Promise<string> {
    const port = await freePort();
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'dto-headers-'));
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      PORT: String(port),
      DATA_DIR: dataDir,
      APP_ENV: 'production',
      NODE_ENV: 'production',
      NEXTAUTH_SECRET: randomBytes(32).toString('hex'),
      ENCRYPTION_KEY: randomBytes(32).toString('hex'),
      METRICS_TOKEN: randomBytes(16).toString('hex'),
      WEBHOOK_WORKER: 'off',
    };
    delete env.DATABASE_URL;
    delete env.NEXTAUTH_URL;
    server = spawn(process.execPath, serverArgs(), { cwd: process.cwd(), env, stdio: ['ignore', 'pipe', 'pipe'] });
    server.stdout!.on('data', (chunk: Buffer) => (output += chunk));
    server.stderr!.on('data', (chunk: Buffer) => (output += chunk));
    const base = `http://127.0.0.1:${port}`;
    const deadline = Date.now() + 90_000;
    while (Date.now() < deadline) {
      if (server.exitCode !== null) throw new Error(`the production server exited (${server.exitCode}):\n${output}`);
      try {
        const response = await fetch(`${base}/api/v2/agencies`, { signal: AbortSignal.timeout(5_000) });
        await response.arrayBuffer();
        if (response.status === 401) return base;
      } catch {
        /* not listening yet */
      }
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    throw new Error(`the production server did not answer within 90 s:\n${output}`);
  }

  test('the same build sends HSTS on pages and on the API with APP_ENV=production, and not in staging', async ({ request }) => {
    // Staging: the e2e server, started from the same build.
    for (const url of ['/login', '/api/v2/orders']) expect(headerValues(await request.get(url), 'strict-transport-security'), url).toEqual([]);

    const base = await startProduction();
    const page = await fetch(`${base}/login`);
    expect(page.status).toBe(200);
    expect(headerValues(page, 'strict-transport-security')).toEqual([HSTS]);
    expect(nonceOf(headerValues(page, 'content-security-policy')[0])).not.toBe('');
    const api = await fetch(`${base}/api/v2/orders`);
    expect(api.status).toBe(401);
    expect(headerValues(api, 'strict-transport-security')).toEqual([HSTS]);
  });
});
