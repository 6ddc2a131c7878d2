/**
 * The webhooks page's endpoints (DESIGN.md 7.6, issue 30): an admin adds an endpoint that points at
 * a receiver this test runs on loopback (the e2e server allows private callback URLs and runs the
 * delivery worker in-process), sees its secret once, sends a test event and sees it in the log as
 * delivered with its event type and status 200 (the receiver verified its signature with the
 * Standard Webhooks library), rotates the secret and reads until when both sign, and recovers the
 * last 24 hours. A manager (webhook.read only) sees the endpoints and their log, and no way to
 * change them.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test, type Page } from '@playwright/test';
import { Webhook } from 'standardwebhooks';
import { seedIds } from '../../lib/seed/ids';
import { screenshotAndAudit, signIn, startSession, USERS } from './helpers';

interface Received {
  headers: Record<string, string>;
  body: string;
}

const received: Received[] = [];
const ANSWER = 'received by the e2e receiver';
const receiver = http.createServer((req, res) => {
  const chunks: Buffer[] = [];
  req.on('data', (c: Buffer) => chunks.push(c));
  req.on('end', () => {
    received.push({ headers: req.headers as Record<string, string>, body: Buffer.concat(chunks).toString('utf8') });
    res.writeHead(200, { 'content-type': 'text/plain' }).end(ANSWER);
  });
});
let receiverUrl = '';

test.beforeAll(async () => {
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
});
test.afterAll(async () => {
  await new Promise<void>((resolve) => receiver.close(() => resolve()));
});

/** A type of the catalog, and a company no other browser test orders for: only test sends reach the endpoint. */
const TYPE = 'document.created';
const COMPANY = 'Acme Air Cargo';

/** The requests the receiver got with this `webhook-id`. */
const receivedWithId = (id: string) => received.filter((r) => r.headers['webhook-id'] === id);

/** The newest delivery row of `type` in the log, once delivered; answers its `webhook-id`. */
async function deliveredRow(page: Page, type: string) {
  const row = page.getByTestId('endpoint-delivery').filter({ has: page.getByTestId('delivery-event-type').getByText(type, { exact: true }) }).first();
  await expect(row).toHaveAttribute('data-status', 'delivered', { timeout: 20_000 });
  await expect(row.getByTestId('delivery-event-type')).toHaveText(type);
  await expect(row).toContainText('Delivered');
  const attempt = row.getByTestId('delivery-attempt').first();
  await expect(attempt.getByTestId('attempt-status-code')).toHaveText('200');
  await expect(attempt.getByTestId('attempt-latency')).toHaveText(/^\d+ ms$/);
  await expect(attempt.getByTestId('attempt-excerpt')).toHaveText(ANSWER);
  const id = (await row.locator('[title="The webhook-id header"]').textContent())!.trim();
  expect(id).toMatch(/^\S+$/);
  return id;
}

test.describe('Webhook endpoints (/webhooks)', () => {
  test('an admin adds an endpoint, sees its secret once, sends a test event, rotates the secret and recovers a day', async ({ page }) => {
    const url = `${receiverUrl}/hooks/${Date.now()}`;
    const description = `E2E receiver ${Date.now()}`;
    await signIn(page, 'admin', { to: '/webhooks' });
    await expect(page.getByRole('heading', { name: 'Endpoints', level: 2 })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Order callbacks', level: 2 })).toBeVisible();

    // The form checks with the API's schema: a blank URL and no event type are named on their controls.
    await page.getByRole('button', { name: 'Add endpoint' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add endpoint' });
    await dialog.getByLabel('All events, including types added later').uncheck();
    await dialog.getByRole('button', { name: 'Add endpoint' }).click();
    await expect(dialog.getByLabel('URL')).toHaveAttribute('aria-invalid', 'true');
    await expect(dialog.getByRole('group', { name: 'Events' }).getByRole('alert')).toHaveText('Choose at least one event type, or All events.');

    await dialog.getByLabel('URL').fill(url);
    await dialog.getByLabel('Description').fill(description);
    await dialog.getByRole('checkbox', { name: TYPE }).check();
    await dialog.getByLabel('All companies, present and future').uncheck();
    await dialog.getByRole('checkbox', { name: COMPANY }).check();
    await dialog.getByRole('button', { name: 'Add endpoint' }).click();

    // The secret, shown once.
    const shown = page.getByRole('dialog', { name: 'Endpoint added' });
    await expect(shown.getByTestId('endpoint-secret')).toHaveValue(/^whsec_[A-Za-z0-9+/=]{40,}$/);
    const secret = await shown.getByTestId('endpoint-secret').inputValue();
    await expect(shown.getByRole('button', { name: 'Copy secret' })).toBeVisible();
    await shown.getByRole('button', { name: 'Done' }).click();
    await expect(page.getByTestId('endpoint-secret')).toHaveCount(0);

    const row = page.getByRole('row').filter({ hasText: url });
    await expect(row).toContainText(description);
    await expect(row.getByTestId('endpoint-events')).toHaveText(TYPE);
    await expect(row.getByTestId('endpoint-companies')).toHaveText(COMPANY);
    await expect(row.getByTestId('endpoint-status')).toHaveText('Enabled');
    await page.reload();
    await expect(page.getByRole('row').filter({ hasText: url })).toBeVisible();
    await expect(page.getByTestId('endpoint-secret')).toHaveCount(0);
    await screenshotAndAudit(page, 'webhook-endpoints');

    // The endpoint's page: a test event, delivered, in the log with its type, status code and answer.
    await page.getByRole('link', { name: url }).click();
    await expect(page.getByRole('heading', { name: 'Webhook endpoint', level: 1 })).toBeVisible();
    const endpointId = new URL(page.url()).pathname.split('/').pop()!;
    await page.getByLabel('Event type').selectOption(TYPE);
    await page.getByRole('button', { name: 'Send test event' }).click();
    await expect(page.getByTestId('toast').filter({ hasText: 'Test event queued' })).toBeVisible();
    const firstId = await deliveredRow(page, TYPE);

    // The receiver got it, signed with the secret shown once.
    await expect.poll(() => receivedWithId(firstId).length).toBeGreaterThan(0);
    const first = receivedWithId(firstId)[0];
    expect((new Webhook(secret).verify(first.body, first.headers) as { type: string }).type).toBe(TYPE);
    await screenshotAndAudit(page, 'webhook-endpoint');

    // Rotation: confirmed, the new secret shown once, and until when the previous one signs too.
    await page.getByRole('button', { name: `Rotate the secret of endpoint ${url}` }).click();
    await page.getByRole('dialog', { name: "Rotate this endpoint's secret?" }).getByRole('button', { name: 'Rotate secret' }).click();
    const rotated = page.getByRole('dialog', { name: 'New signing secret' });
    await expect(rotated.getByTestId('endpoint-secret')).toHaveValue(/^whsec_/);
    const newSecret = await rotated.getByTestId('endpoint-secret').inputValue();
    expect(newSecret).not.toBe(secret);
    const api = await page.request.get(`/api/v2/webhook-endpoints/${endpointId}`);
    expect(api.status()).toBe(200);
    const { previousSecretExpiresAt } = (await api.json()) as { previousSecretExpiresAt: string };
    expect(Date.parse(previousSecretExpiresAt) - Date.now()).toBeGreaterThan(23 * 3_600_000);
    const overlap = rotated.getByTestId('secret-overlap');
    await expect(overlap).toContainText('The previous secret also signs until');
    await expect(overlap.locator('time')).toHaveAttribute('datetime', previousSecretExpiresAt);
    await rotated.getByRole('button', { name: 'Done' }).click();
    await expect(page.getByTestId('secret-overlap').locator('time')).toHaveAttribute('datetime', previousSecretExpiresAt);

    // During the overlap a delivery carries two signatures: each secret verifies it.
    await page.getByRole('button', { name: 'Send test event' }).click();
    await expect(page.getByTestId('endpoint-delivery')).toHaveCount(2);
    const secondId = await deliveredRow(page, TYPE);
    expect(secondId).not.toBe(firstId);
    await expect.poll(() => receivedWithId(secondId).length).toBeGreaterThan(0);
    const second = receivedWithId(secondId)[0];
    expect(second.headers['webhook-signature'].split(' ')).toHaveLength(2);
    for (const key of [secret, newSecret]) expect((new Webhook(key).verify(second.body, second.headers) as { type: string }).type).toBe(TYPE);

    // Redeliver: the same event again, with the same webhook-id; the row shows its second attempt.
    await page.getByRole('button', { name: `Redeliver ${TYPE} ${secondId}` }).click();
    await expect(page.getByTestId('toast').filter({ hasText: 'Redelivery queued' })).toBeVisible();
    const redelivered = page.getByTestId('endpoint-delivery').filter({ hasText: secondId });
    await expect(redelivered.getByTestId('delivery-attempt')).toHaveCount(2, { timeout: 20_000 });
    await expect(redelivered).toHaveAttribute('data-status', 'delivered');
    await expect.poll(() => receivedWithId(secondId).length).toBe(2);

    // Recover: by default the last 24 hours of the tenant's clock, until now; the count shown is the API's.
    const recovery = page.waitForResponse((r) => r.url().endsWith(`/api/v2/webhook-endpoints/${endpointId}/recovery`) && r.request().method() === 'POST');
    await page.getByRole('button', { name: 'Recover events' }).click();
    const answer = await recovery;
    expect(answer.status()).toBe(202);
    expect(answer.request().postDataJSON()).toEqual({ since: expect.any(String) });
    const { events, since, until } = (await answer.json()) as { events: number; since: string; until: string };
    // The page was read a little before: a day and the time this test took since.
    expect(Date.parse(until) - Date.parse(since) - 24 * 3_600_000).toBeGreaterThanOrEqual(0);
    expect(Date.parse(until) - Date.parse(since) - 24 * 3_600_000).toBeLessThan(5 * 60_000);
    await expect(page.getByTestId('recovery-count')).toHaveText(events === 0 ? 'no event to send again' : `${events} event${events === 1 ? '' : 's'} queued to be sent again`);
    // Events are kept 30 days: the API's refusal lands on the picker it names (/since).
    await page.getByLabel('From').fill(new Date(Date.now() - 40 * 86_400_000).toISOString().slice(0, 16));
    await page.getByRole('button', { name: 'Recover events' }).click();
    await expect(page.getByLabel('From')).toHaveAttribute('aria-invalid', 'true');
    await expect(page.locator('#recover-since-error')).toContainText('at most 30 days ago');

    // Disable, then enable: the status follows.
    await page.getByRole('button', { name: `Disable endpoint ${url}` }).click();
    await page.getByRole('dialog', { name: 'Disable this endpoint?' }).getByRole('button', { name: 'Disable endpoint' }).click();
    await expect(page.getByTestId('endpoint-status')).toContainText('Disabled by a user');
    await page.getByRole('button', { name: `Enable endpoint ${url}` }).click();
    await expect(page.getByTestId('endpoint-status')).toHaveText('Enabled');
  });

  test('a manager (webhook.read) sees the endpoints and their log, with no button to change them', async ({ page, browser, baseURL }) => {
    // An endpoint of its own, added by an admin through the API.
    const adminContext = await browser.newContext({ baseURL });
    const adminPage = await adminContext.newPage();
    await startSession(adminPage, USERS.admin);
    const url = `${receiverUrl}/manager/${Date.now()}`;
    const created = await adminPage.request.post('/api/v2/webhook-endpoints', {
      headers: { Origin: baseURL! },
      data: { url, description: 'Seen by a manager', enabledEvents: [TYPE], companies: [{ id: seedIds.company('acme', 'tertiary') }] },
    });
    expect(created.status(), await created.text()).toBe(201);
    const endpointId = ((await created.json()) as { id: string }).id;
    await adminContext.close();

    await signIn(page, 'manager', { to: '/webhooks' });
    const row = page.getByRole('row').filter({ hasText: url });
    await expect(row).toContainText('Seen by a manager');
    await expect(row.getByTestId('endpoint-events')).toHaveText(TYPE);
    await expect(row.getByTestId('endpoint-status')).toHaveText('Enabled');
    await expect(page.getByRole('button', { name: 'Add endpoint' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: /^(Edit|Disable|Rotate the secret of) endpoint/ })).toHaveCount(0);

    await row.getByRole('link', { name: url }).click();
    await expect(page.getByRole('heading', { name: 'Delivery log' })).toBeVisible();
    await expect(page.getByText('No deliveries yet')).toBeVisible();
    for (const name of ['Send test event', 'Recover events', /^Redeliver/, /^(Edit|Disable|Enable|Rotate the secret of) endpoint/]) await expect(page.getByRole('button', { name })).toHaveCount(0);

    // The API refuses what the page does not offer.
    const refused = await page.request.post(`/api/v2/webhook-endpoints/${endpointId}/secret-rotation`, { headers: { Origin: baseURL! } });
    expect(refused.status()).toBe(403);
  });

  test.describe('in dark mode', () => {
    test.use({ colorScheme: 'dark' });

    test('the endpoints and the add form, errors showing, pass the accessibility check', async ({ page }) => {
      await signIn(page, 'admin', { to: '/webhooks' });
      await expect(page.locator('html')).toHaveClass(/\bdark\b/);
      await page.getByRole('button', { name: 'Add endpoint' }).click();
      const dialog = page.getByRole('dialog', { name: 'Add endpoint' });
      await dialog.getByLabel('All events, including types added later').uncheck();
      await dialog.getByLabel('All companies, present and future').uncheck();
      await dialog.getByRole('button', { name: 'Add endpoint' }).click();
      await expect(dialog.getByRole('group', { name: 'Companies' }).getByRole('alert')).toHaveText('Choose at least one company, or All companies.');
      await screenshotAndAudit(page, 'dark-webhook-endpoint-form');
    });
  });
});
