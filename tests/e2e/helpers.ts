/** Shared steps of the browser tests: sign-in per role, screenshots with an accessibility check. */
import AxeBuilder from '@axe-core/playwright';
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { seedIds } from '../../lib/seed/ids';

export const PASSWORD = 'demo-password';

export const USERS = {
  admin: 'admin@acme.test',
  manager: 'manager@acme.test',
  staff: 'staff@acme.test',
  viewer: 'viewer@acme.test',
  northwindAdmin: 'admin@northwind.test',
} as const;
export type DemoUser = keyof typeof USERS;

/**
 * Signs in and opens `to` (default: the orders list). `via: 'form'` types into the login page;
 * the default posts the same credentials form to next-auth directly (with its CSRF token), which
 * is quicker and sets the same session cookie in the page's browser context.
 */
export async function signIn(page: Page, user: DemoUser, options: { via?: 'form' | 'api'; to?: string } = {}): Promise<void> {
  const to = options.to ?? '/orders';
  if (options.via === 'form') {
    await page.goto(`/login?callbackUrl=${encodeURIComponent(to)}`);
    await page.getByLabel('E-mail').fill(USERS[user]);
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL((url) => url.pathname === to.split('?')[0]);
  } else {
    await startSession(page, USERS[user]);
    await page.goto(to);
  }
  await expect(page.getByTestId('user-name')).toBeVisible();
}

/**
 * Signs in without opening a page: posts the credentials form to next-auth (with its CSRF token),
 * which sets the session cookie in the page's browser context. For tests that open their own page
 * next (the sign-in form itself is tested in auth.spec.ts and login-redirect.spec.ts).
 */
export async function startSession(page: Page, email: string): Promise<void> {
  const { csrfToken } = (await (await page.request.get('/api/auth/csrf')).json()) as { csrfToken: string };
  const response = await page.request.post('/api/auth/callback/credentials', { form: { csrfToken, email, password: PASSWORD, json: 'true' } });
  expect(response.ok()).toBeTruthy();
}

/**
 * Saves a screenshot of the page into test-results/screenshots/ and runs axe-core on it:
 * no serious or critical violation is allowed.
 */
export async function screenshotAndAudit(page: Page, name: string): Promise<void> {
  await page.waitForLoadState('load');
  // Settled, as far as a live page allows: the order page and its panels poll every few seconds
  // on their own clocks (issue 19), so their requests may leave no 500 ms idle gap at all.
  await page.waitForLoadState('networkidle', { timeout: 8_000 }).catch(() => undefined);
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: `test-results/screenshots/${name}.png`, fullPage: true });
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']).analyze();
  const blocking = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(
    blocking.map((v) => `${v.impact} ${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).slice(0, 3).join(' | ')})`),
    `accessibility violations on ${name}`,
  ).toEqual([]);
}

interface OrderSummary {
  id: string;
  code: string;
  status: string;
  isFinal: boolean;
  createdAt: string;
  packages: Array<{ name: string }>;
  services: Array<{ name: string; status: string; attributes: { category: string | null; type: string | null } | null; screenHistory: unknown[] }>;
}

/** Reads orders through the API with the page's session (the dashboard's own client path). */
export async function apiOrders(request: APIRequestContext, query: Record<string, string | number> = {}) {
  const params = new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)]));
  const response = await request.get(`/api/v2/orders?${params}`);
  expect(response.status()).toBe(200);
  return (await response.json()) as { data: OrderSummary[]; total: number; page: number; limit: number };
}

/** The first order (newest first, scanning up to `pages` pages) that satisfies `test`. */
export async function findOrder(request: APIRequestContext, query: Record<string, string | number>, test: (o: OrderSummary) => boolean, pages = 10) {
  for (let page = 1; page <= pages; page++) {
    const result = await apiOrders(request, { ...query, page, limit: 20 });
    const found = result.data.find(test);
    if (found) return found;
    if (page * 20 >= result.total) break;
  }
  throw new Error(`No order matches in ${JSON.stringify(query)}`);
}

/**
 * Creates an order of Acme's primary location through the page's session (a non-DOT package,
 * e-mail delivery, the admin as requester unless `body` says otherwise) and answers it; 201 or the test fails.
 */
export async function createAcmeOrder<T = { id: string; code: string }>(page: Page, baseURL: string, body: Record<string, unknown>): Promise<T> {
  const created = await page.request.post('/api/v2/orders', {
    headers: { Origin: baseURL },
    data: {
      deliveryMethods: [{ type: 'email' }],
      location: { id: seedIds.location('acme', 'primary') },
      package: { id: seedIds.package('acme', 'nonDot') },
      requester: { email: 'admin@acme.test', name: 'Avery Admin' },
      settings: {},
      testReason: 'preEmployment',
      ...body,
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  return (await created.json()) as T;
}

/** Chooses the first option of a native select whose text matches. */
export async function choose(page: Page, selector: string, optionText: string | RegExp) {
  const option = page.locator(`${selector} option`, { hasText: optionText }).first();
  await expect(option).toBeAttached();
  await page.locator(selector).selectOption((await option.getAttribute('value'))!);
}

/** The datetime-local value of `hours` ago, in the browser's zone. */
export const localHoursAgo = (page: Page, hours: number) =>
  page.evaluate((h) => {
    const ms = Date.now() - h * 3_600_000;
    return new Date(ms - new Date(ms).getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
  }, hours);
