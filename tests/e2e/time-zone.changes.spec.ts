/**
 * Issue 29, item 1: every time of the dashboard in one named zone, the user's. The browser runs in
 * America/Chicago while the server runs in UTC (scripts/e2e-server.ts sets TZ=UTC): the sign-in
 * form records the browser's zone for a user who has none, and then every `<time>` of the order
 * page (a post-accident order, with its testing-window clocks) reads as Chicago's clock, on a full
 * load and after client-side navigation alike, with the zone named and no hydration error. The
 * user then chooses another zone on /account, and the pages follow.
 */
import { expect, test, type Page } from '@playwright/test';
import { PASSWORD, startSession, USERS } from './helpers';

const CHICAGO = 'America/Chicago';

/** How the dashboard writes each style of `<time data-style>`, restated here from the design (not imported). */
const STYLES: Record<string, Intl.DateTimeFormatOptions> = {
  dateTime: { dateStyle: 'medium', timeStyle: 'short' },
  date: { dateStyle: 'medium' },
  clock: { weekday: 'short', hour: 'numeric', minute: '2-digit' },
};
const expected = (iso: string, style: string, timeZone: string) => new Intl.DateTimeFormat('en-US', { ...STYLES[style], timeZone }).format(new Date(iso));

interface TimeElement {
  dateTime: string;
  style: string | null;
  text: string;
}

const timesOf = (page: Page) =>
  page
    .locator('main time')
    .evaluateAll((els) => els.map((e) => ({ dateTime: e.getAttribute('datetime') ?? '', style: e.getAttribute('data-style'), text: (e.textContent ?? '').trim() })));

/** Every `<time>` of the page reads as `timeZone`'s clock of its instant, in its style. */
function expectAllIn(times: TimeElement[], timeZone: string, where: string) {
  for (const t of times) {
    expect(t.style, `${where}: style of <time datetime="${t.dateTime}">`).toMatch(/^(dateTime|date|clock)$/);
    expect(t.text, `${where}: <time datetime="${t.dateTime}" data-style="${t.style}">`).toBe(expected(t.dateTime, t.style!, timeZone));
  }
}

/** Hydration errors (React's minified #418/#423/#425) and other page errors, collected for the whole test. */
function collectPageErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error' && /hydrat|#418|#423|#425/i.test(message.text())) errors.push(message.text());
  });
  return errors;
}

/** A DOT post-accident order (breath alcohol and urine drug) whose accident was `hoursAgo` hours ago, by the manager. */
async function postAccidentOrder(page: Page, baseURL: string, hoursAgo: number) {
  await startSession(page, USERS.manager);
  const location = (await (await page.request.get('/api/v2/locations?name=Dallas%20Terminal')).json()).data[0];
  const pkg = (await (await page.request.get(`/api/v2/packages?locationId=${location.id}&name=DOT%20Drug%20%26%20Alcohol`)).json()).data[0];
  const agency = (await (await page.request.get('/api/v2/agencies')).json()).data.find((a: { code: string }) => a.code === 'FMCSA');
  const occurredAt = new Date(Date.now() - hoursAgo * 3_600_000).toISOString();
  const created = await page.request.post('/api/v2/orders', {
    headers: { Origin: baseURL },
    data: {
      deliveryMethods: [{ type: 'none' }],
      location: { id: location.id },
      package: { id: pkg.id },
      agency: { id: agency.id },
      participant: { firstName: 'Zoe', lastName: `Zone${Date.now()}` },
      requester: { email: USERS.manager },
      settings: {},
      testReason: 'postAccident',
      incident: { occurredAt },
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  await page.context().clearCookies();
  return (await created.json()) as { id: string; code: string; createdAt: string; incident: { occurredAt: string }; services: Array<{ deadline: { closesAt: string } | null }> };
}

test.describe('Times in the user\'s zone', () => {
  test.use({ timezoneId: CHICAGO });

  test('an order page in Chicago time on a full load and after client-side navigation, the zone named', async ({ page, baseURL }) => {
    const errors = collectPageErrors(page);
    const order = await postAccidentOrder(page, baseURL!, 1);
    expect(order.services.filter((s) => s.deadline).length).toBe(2);

    // The staff user signs in with the form: their zone is unset, so the browser's is recorded.
    await page.goto(`/login?callbackUrl=${encodeURIComponent(`/orders/${order.id}`)}`);
    await page.getByLabel('E-mail').fill(USERS.staff);
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL((url) => url.pathname === `/orders/${order.id}`);

    // A full load of the order page: the server renders it (in UTC's process) in the user's zone.
    await page.goto(`/orders/${order.id}`);
    const deadlines = page.getByTestId('order-deadlines');
    await expect(deadlines.locator('[data-state=open]')).toHaveCount(2);
    // The accident's time, and each window's closing time, as a Chicago clock reads them.
    await expect(deadlines.locator(`time[datetime="${order.incident.occurredAt}"]`)).toHaveText(expected(order.incident.occurredAt, 'dateTime', CHICAGO));
    await expect(deadlines.locator('time[data-style=clock]')).toHaveCount(2);
    for (const s of order.services) await expect(deadlines.locator(`time[datetime="${s.deadline!.closesAt}"]`)).toHaveText(expected(s.deadline!.closesAt, 'clock', CHICAGO));
    const loaded = await timesOf(page);
    expect(loaded.length).toBeGreaterThanOrEqual(6);
    expect(loaded.map((t) => t.dateTime)).toContain(order.createdAt);
    expectAllIn(loaded, CHICAGO, 'full load of the order page');
    const note = page.getByTestId('time-zone-note');
    await expect(note).toHaveText('Times in Central Time (America/Chicago)');
    await expect(note).toHaveAttribute('data-time-zone', CHICAGO);

    // Client-side navigation (no document load: the marker survives) to the list and back.
    await page.evaluate(() => ((window as unknown as { zoneMarker: number }).zoneMarker = 1));
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Orders', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/orders');
    const row = page.getByRole('link', { name: new RegExp(order.code) }).first();
    await expect(row).toBeVisible();
    await expect(page.getByTestId('time-zone-note')).toHaveText('Times in Central Time (America/Chicago)');
    expectAllIn(await timesOf(page), CHICAGO, 'orders list after client-side navigation');
    await row.click();
    await page.waitForURL((url) => url.pathname === `/orders/${order.id}`);
    await expect(page.getByTestId('order-deadlines').locator('time[data-style=clock]')).toHaveCount(2);
    expect(await page.evaluate(() => (window as unknown as { zoneMarker?: number }).zoneMarker)).toBe(1);
    const navigated = await timesOf(page);
    expectAllIn(navigated, CHICAGO, 'order page after client-side navigation');
    // Every time of the full load reads the same after the navigation. The page is live: an entry
    // written in between (the order's audit trail) may add a time, which expectAllIn has checked.
    const key = (t: TimeElement) => `${t.dateTime}|${t.style}|${t.text}`;
    expect(navigated.map(key)).toEqual(expect.arrayContaining(loaded.map(key)));

    // The user chooses another zone: every page follows it, and names it.
    await page.goto('/account');
    await expect(page.getByRole('combobox', { name: 'Time zone' })).toHaveValue(CHICAGO);
    await page.getByRole('combobox', { name: 'Time zone' }).selectOption('Asia/Tokyo');
    await page.getByRole('button', { name: 'Save time zone' }).click();
    await expect(page.getByTestId('time-zone-note')).toHaveText('Times in Japan Standard Time (Asia/Tokyo)');
    await page.goto(`/orders/${order.id}`);
    await expect(page.getByTestId('time-zone-note')).toHaveText('Times in Japan Standard Time (Asia/Tokyo)');
    await expect(page.getByTestId('order-deadlines').locator('time[data-style=clock]')).toHaveCount(2);
    expectAllIn(await timesOf(page), 'Asia/Tokyo', 'order page after choosing Asia/Tokyo');

    // Back to Chicago, so that the user is as the sign-in left them.
    await page.goto('/account');
    await page.getByRole('combobox', { name: 'Time zone' }).selectOption(CHICAGO);
    await page.getByRole('button', { name: 'Save time zone' }).click();
    await expect(page.getByTestId('time-zone-note')).toHaveText('Times in Central Time (America/Chicago)');

    expect(errors).toEqual([]);
  });

  test("the staging mailbox and the token list show the admin's zone, not the browser's, loaded or navigated to", async ({ page, baseURL }) => {
    const errors = collectPageErrors(page);
    await startSession(page, USERS.admin);
    // A token for the list, and an e-mailed order for the mailbox.
    const created = await page.request.post('/api/v2/apiTokens', { headers: { Origin: baseURL! }, data: { name: `Zone ${Date.now()}`, scopes: ['company.list'], allCompanies: true } });
    expect(created.status(), await created.text()).toBe(201);
    const location = (await (await page.request.get('/api/v2/locations?name=Dallas%20Terminal')).json()).data[0];
    const pkg = (await (await page.request.get(`/api/v2/packages?locationId=${location.id}&name=Non-DOT%2010-Panel`)).json()).data[0];
    const lastName = `Zone${Date.now()}`;
    const ordered = await page.request.post('/api/v2/orders', {
      headers: { Origin: baseURL! },
      data: {
        deliveryMethods: [{ type: 'email' }],
        location: { id: location.id },
        package: { id: pkg.id },
        participant: { firstName: 'Zed', lastName, email: `${lastName.toLowerCase()}@example.com` },
        requester: { email: USERS.admin },
        settings: {},
        testReason: 'random',
      },
    });
    expect(ordered.status(), await ordered.text()).toBe(201);
    const code = ((await ordered.json()) as { code: string }).code;

    // A full load of the mailbox once the worker has sent the e-mail.
    await expect(async () => {
      await page.goto('/mailbox');
      await expect(page.getByTestId('mailbox-entry').filter({ hasText: code })).toHaveCount(1, { timeout: 1_000 });
    }).toPass({ timeout: 30_000 });
    const note = page.getByTestId('time-zone-note');
    await expect(note).toHaveText(/^Times in .+ \(.+\)$/);
    // The admin's zone (UTC until one is recorded or chosen), whatever the browser's (Chicago here).
    const zone = (await note.getAttribute('data-time-zone'))!;
    const loaded = await timesOf(page);
    expect(loaded.length).toBeGreaterThan(0);
    expectAllIn(loaded, zone, 'mailbox, full load');

    const nav = page.getByRole('navigation', { name: 'Main' });
    await nav.getByRole('link', { name: 'API tokens', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/settings/tokens');
    await expect(page.locator('main time').first()).toBeAttached();
    await expect(page.getByTestId('time-zone-note')).toHaveAttribute('data-time-zone', zone);
    expectAllIn(await timesOf(page), zone, 'token list after client-side navigation');

    await nav.getByRole('link', { name: 'Mailbox', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/mailbox');
    await expect(page.getByTestId('mailbox-entry').filter({ hasText: code })).toHaveCount(1);
    const navigated = await timesOf(page);
    expectAllIn(navigated, zone, 'mailbox after client-side navigation');
    expect(navigated.length).toBeGreaterThan(0);
    expect(errors).toEqual([]);
  });
});
