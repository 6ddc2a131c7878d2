import { expect, test } from '@playwright/test';
import { findOrder, screenshotAndAudit, signIn, startSession, USERS } from './helpers';

test.describe('Order detail', () => {
  test('shows the header, one card per service, the milestone timeline, status history and audit trail', async ({ page }) => {
    await startSession(page, USERS.manager);
    const order = await findOrder(page.request, { status: 'negative' }, (o) => o.services.some((s) => s.screenHistory.length >= 2));
    await page.goto(`/orders/${order.id}`);
    await expect(page.getByTestId('order-code')).toHaveText(order.code);
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Negative');
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Final');
    await expect(page.getByTestId('service-card')).toHaveCount(order.services.length);
    for (const service of order.services) await expect(page.getByRole('heading', { name: service.name, exact: true })).toBeVisible();

    const withMilestones = order.services.find((s) => s.screenHistory.length >= 2)!;
    const timeline = page.getByRole('list', { name: `Screening milestones of ${withMilestones.name}` });
    await expect(timeline.getByRole('listitem')).toHaveCount(withMilestones.screenHistory.length);
    const times = await timeline.locator('time').evaluateAll((els) => els.map((e) => e.getAttribute('datetime')!));
    expect([...times].sort()).toEqual(times); // milestones in order

    await page.getByText(/Status history \(\d+\)/).first().click();
    await expect(page.getByRole('table', { name: /Status history of/ }).first()).toBeVisible();
    await expect(page.getByTestId('audit-trail')).toContainText('Order created');
    // Managers may read participant identifiers.
    await expect(page.getByText('Identifiers are hidden for your role.')).toHaveCount(0);
    await screenshotAndAudit(page, 'order-detail');
  });

  test('staff see no participant identifiers', async ({ page }) => {
    await signIn(page, 'staff');
    const response = await page.request.get('/api/v2/orders?limit=1');
    const { data } = await response.json();
    expect(data[0].participant.identifiers).toBeUndefined();
    await page.goto(`/orders/${data[0].id}`);
    await expect(page.getByText('Identifiers are hidden for your role.')).toBeVisible();
  });
});
