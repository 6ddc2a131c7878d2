/** Issue 19, minor: the accessibility check in dark mode too (list, order page, new-order form). */
import { expect, test } from '@playwright/test';
import { findOrder, screenshotAndAudit, signIn, startSession, USERS } from './helpers';

test.describe('Dark mode', () => {
  test.use({ colorScheme: 'dark' });

  test('the orders list passes the accessibility check', async ({ page }) => {
    await signIn(page, 'manager');
    await expect(page.locator('html')).toHaveClass(/\bdark\b/);
    await expect(page.getByTestId('orders-total')).not.toHaveText('0');
    await screenshotAndAudit(page, 'dark-orders');
  });

  test('an order page passes the accessibility check', async ({ page }) => {
    await startSession(page, USERS.manager);
    const order = await findOrder(page.request, { createdBefore: '2026-11-01T00:00:00.000Z' }, (o) => o.services.length > 0);
    await page.goto(`/orders/${order.id}`);
    await expect(page.locator('html')).toHaveClass(/\bdark\b/);
    await expect(page.getByTestId('order-code')).toHaveText(order.code);
    await screenshotAndAudit(page, 'dark-order-detail');
  });

  test('the new-order form passes the accessibility check', async ({ page }) => {
    await signIn(page, 'manager', { to: '/orders/new' });
    await expect(page.locator('html')).toHaveClass(/\bdark\b/);
    await expect(page.getByRole('heading', { name: 'New order' })).toBeVisible();
    await screenshotAndAudit(page, 'dark-order-new');
  });
});
