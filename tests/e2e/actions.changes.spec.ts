/**
 * The action center (DESIGN.md 7.4) in the browser. Northwind's admin (a tenant no other browser
 * test changes) creates a non-negative result and moves the tenant's sandbox clock 25 hours on: the
 * PUT runs the action sweep, so the result's "unacknowledged after 24 hours" action is on /actions,
 * in the navigation's badge and among the most urgent on the home page. Acknowledging it from its
 * row resolves it and the badge drops; another action is dismissed with a note (required). Axe on the page.
 */
import { expect, test, type Page } from '@playwright/test';
import { seedIds } from '../../lib/seed/ids';
import { screenshotAndAudit, signIn } from './helpers';

const HOUR = 3_600_000;
const badgeCount = async (page: Page) => Number((await page.getByTestId('nav-badge-actions').first().innerText()).replace(/\D+/g, ''));

test.describe('Action center', () => {
  test('a result unacknowledged 24 hours on the sandbox clock is on /actions and in the badge; acknowledging it resolves it; dismissing needs a note', async ({ page, baseURL }) => {
    await signIn(page, 'northwindAdmin');
    const headers = { Origin: baseURL! };
    const created = await page.request.post('/api/v2/orders', {
      headers,
      data: {
        deliveryMethods: [{ type: 'email' }],
        location: { id: seedIds.location('northwind', 'primary') },
        package: { id: seedIds.package('northwind', 'nonDot') },
        participant: { firstName: 'Robin', lastName: 'Actioncenter', email: 'robin.actioncenter@example.com', birthDate: '1988-04-02' },
        requester: { email: 'admin@northwind.test', name: 'Casey Nguyen' },
        settings: {},
        testReason: 'random',
      },
    });
    expect(created.status(), await created.text()).toBe(201);
    const order = (await created.json()) as { id: string; code: string; services: Array<{ id: string }> };
    const event = await page.request.post(`/api/v2/orders/${order.id}/services/${order.services[0].id}/events`, { headers, data: { status: 'nonNegative' } });
    expect(event.ok(), await event.text()).toBe(true);

    const clock = (await (await page.request.get('/api/v2/sandbox/clock')).json()) as { now: string };
    const moved = await page.request.put('/api/v2/sandbox/clock', { headers, data: { now: new Date(Date.parse(clock.now) + 25 * HOUR).toISOString() } });
    expect(moved.status(), await moved.text()).toBe(200);

    // The home page leads with the most urgent; the badge counts every open action.
    await page.goto('/orders');
    await expect(page.getByTestId('urgent-actions')).toBeVisible();
    await expect(page.getByTestId('urgent-actions').getByTestId('action-row')).not.toHaveCount(0);
    const before = await badgeCount(page);
    expect(before).toBeGreaterThan(0);

    await page.getByRole('link', { name: /^Actions/ }).first().click();
    await expect(page.getByRole('heading', { level: 1, name: 'Actions' })).toBeVisible();
    await expect(page.getByTestId('action-row').first()).toHaveAttribute('data-overdue', 'true');
    // The seed's older results are overdue longer and come first: ours is on a later page, reached by "Next".
    const row = page.getByTestId('action-row').filter({ hasText: order.code });
    for (let next = 2; next <= 10 && (await row.count()) === 0; next++) await page.goto(`/actions?page=${next}`);
    await expect(row).toHaveCount(1);
    await expect(row).toHaveAttribute('data-type', 'resultUnacknowledged');
    await expect(row).toHaveAttribute('data-overdue', 'true');
    await expect(row.getByTestId('action-citation')).toHaveText('49 CFR 40.23');
    await expect(row.getByTestId('action-countdown')).toHaveText(/^overdue by \d+ (min|h)$/);
    await expect(page.getByTestId('time-zone-note').first()).toBeVisible();
    await screenshotAndAudit(page, 'actions');

    await row.getByRole('button', { name: 'Acknowledge result' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Result acknowledged: the action is resolved.' })).toBeVisible();
    await expect(page.getByTestId('action-row').filter({ hasText: order.code })).toHaveCount(0);
    await expect.poll(() => badgeCount(page)).toBe(before - 1);
    const order2 = (await (await page.request.get(`/api/v2/orders/${order.id}`)).json()) as { acknowledgedAt: string | null };
    expect(order2.acknowledgedAt).not.toBeNull();

    // Dismiss the most urgent one left: the note is required.
    const first = page.getByTestId('action-row').first();
    const title = (await first.locator('p').first().innerText()).trim();
    await first.getByRole('button', { name: 'Dismiss…' }).click();
    await first.getByRole('button', { name: 'Dismiss', exact: true }).click();
    await expect(first.getByText('Say why it needs no action.')).toBeVisible();
    await first.getByLabel('Why it needs no action (required)').fill('Handled by the safety office on the phone.');
    await first.getByRole('button', { name: 'Dismiss', exact: true }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Action dismissed.' })).toBeVisible();
    await expect.poll(() => badgeCount(page)).toBe(before - 2);

    await page.goto('/actions?status=dismissed');
    const dismissed = page.getByTestId('action-row').filter({ hasText: title });
    await expect(dismissed.getByTestId('action-closed')).toContainText('Dismissed by Casey Nguyen: Handled by the safety office on the phone.');
  });
});
