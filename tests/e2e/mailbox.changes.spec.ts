/**
 * Issue 15 (DESIGN.md 6.1): staging without a provider captures messages into the mailbox. An
 * order delivered by e-mail and one by SMS: the order page's messages panel shows them sent, and
 * the admin's /mailbox shows what the participant would have received, except the pass link,
 * which only the participant gets (issue 26): masked to its last 4 characters, with a way to
 * reissue it. Other roles have no mailbox.
 */
import { expect, test, type Page } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';
import { signIn, startSession, USERS } from './helpers';

async function createOrder(page: Page, baseURL: string, delivery: 'email' | 'sms', lastName: string) {
  const location = (await (await page.request.get('/api/v2/locations?name=Dallas%20Terminal')).json()).data[0];
  const pkg = (await (await page.request.get(`/api/v2/packages?locationId=${location.id}&name=Non-DOT%2010-Panel`)).json()).data[0];
  const response = await page.request.post('/api/v2/orders', {
    headers: { Origin: baseURL },
    data: {
      deliveryMethods: [{ type: delivery }],
      location: { id: location.id },
      package: { id: pkg.id },
      participant: { firstName: 'Robin', lastName, email: 'robin.mailbox@example.com', phone: '+15125550142' },
      requester: { email: 'admin@acme.test' },
      settings: {},
      testReason: 'random',
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as { id: string; code: string; company: { name: string }; services: Array<{ name: string }> };
}

test.describe('Mailbox (staging, no SMTP or Twilio configured)', () => {
  test('an e-mailed order: sent on its page, shown in the mailbox with the pass link masked; then an SMS', async ({ page, baseURL }) => {
    // Two orders, each waited for until the worker has sent it, and two visits of the mailbox.
    test.setTimeout(120_000);
    await signIn(page, 'admin');
    const order = await createOrder(page, baseURL!, 'email', `Mailbox${Date.now()}`);

    await page.goto(`/orders/${order.id}`);
    const panel = page.getByTestId('order-messages');
    await expect(panel.getByRole('heading', { name: 'Messages to the participant' })).toBeVisible();
    await expect(panel.getByTestId('order-message')).toHaveCount(1);
    await expect(panel).toContainText('Pass link (order created)');
    await expect(panel).toContainText('E-mail to r***@example.com');
    // The worker sends it within a second or two; the panel refreshes while it is queued.
    await expect(panel.getByText('Sent', { exact: true })).toBeVisible({ timeout: 20_000 });

    await page.getByRole('link', { name: 'Mailbox' }).click();
    await expect(page).toHaveURL(/\/mailbox$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Mailbox' })).toBeVisible();
    const subject = `${order.company.name}: please complete your test (order ${order.code})`;
    const entry = page.getByTestId('mailbox-entry').filter({ hasText: order.code }).first();
    await expect(entry.getByRole('heading', { name: subject })).toBeVisible();
    await expect(entry).toContainText('E-mail to r***@example.com');
    const text = entry.getByTestId('mailbox-text');
    await expect(text).toContainText('Hello Robin,');
    await expect(text).toContainText(order.services[0].name);
    // The pass link masked: the path, "…" and the token's last 4 characters; never the token.
    await expect(text).toContainText(/Your pass: http:\/\/localhost:\d+\/pass\/…[A-Za-z0-9_-]{4}\s/);
    await expect(text).not.toContainText(/\/pass\/[A-Za-z0-9_-]{5,}/);
    await expect(entry.getByTestId('mailbox-masked-note')).toContainText('The pass link is hidden');
    await expect(entry.getByTestId('mailbox-resend')).toHaveText('Reissue pass');
    await expect(text).toContainText(`Order code: ${order.code}`);
    // The HTML part in a sandboxed frame: no scripts, no access to the dashboard.
    const frame = entry.locator('iframe');
    await expect(frame).toHaveAttribute('sandbox', '');
    await expect(frame).toHaveAttribute('title', `E-mail preview: ${subject}`);
    await expect(entry.frameLocator('iframe').getByRole('link', { name: 'Open your pass' })).toBeVisible();
    await entry.getByRole('link', { name: order.code }).click();
    await expect(page).toHaveURL(new RegExp(`/orders/${order.id}$`));

    const sms = await createOrder(page, baseURL!, 'sms', `Texted${Date.now()}`);
    await page.goto(`/orders/${sms.id}`);
    await expect(page.getByTestId('order-messages')).toContainText('SMS to +1******0142');
    await expect(page.getByTestId('order-messages').getByText('Sent', { exact: true })).toBeVisible({ timeout: 20_000 });
    await page.goto('/mailbox');
    const bubble = page.getByTestId('mailbox-entry').filter({ hasText: sms.code }).first().getByTestId('mailbox-sms');
    await expect(bubble).toContainText(`Hi Robin, ${sms.company.name} asks you to complete a test`);
    await expect(bubble).toContainText(new RegExp(`Pass: http://localhost:\\d+/pass/…[A-Za-z0-9_-]{4} Code: ${sms.code}$`));
    expect(((await bubble.textContent()) ?? '').length).toBeLessThanOrEqual(320);
    // The accessibility check of the page around the previews: axe cannot run inside a frame
    // sandboxed without scripts (it waits for it), and the e-mail's own HTML is the participant's.
    await page.screenshot({ path: 'test-results/screenshots/mailbox.png', fullPage: true });
    const results = await new AxeBuilder({ page }).options({ iframes: false }).exclude('iframe').withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']).analyze();
    expect(results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual([]);
  });

  test('a manager has no mailbox: no navigation entry, and the page sends them back', async ({ page }) => {
    await startSession(page, USERS.manager);
    await expect(page.getByRole('link', { name: 'Mailbox' })).toHaveCount(0);
    await page.goto('/mailbox');
    await expect(page).toHaveURL(/\/orders\?denied=admin$/);
  });
});
