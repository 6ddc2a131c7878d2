/** Issue 19, minor: the accessibility check in dark mode too (list, order page, new-order form). */
import { expect, test } from '@playwright/test';
import { findOrder, screenshotAndAudit, signIn } from './helpers';

test.describe('Dark mode', () => {
  test.use({ colorScheme: 'dark' });

  test('the orders list, an order page and the new-order form pass the accessibility check', async ({ page }) => {
    await signIn(page, 'manager');
    await expect(page.locator('html')).toHaveClass(/\bdark\b/);
    await screenshotAndAudit(page, 'dark-orders');
    const order = await findOrder(page.request, { status: 'scheduled' }, () => true);
    await page.goto(`/orders/${order.id}`);
    await expect(page.getByTestId('order-code')).toHaveText(order.code);
    await screenshotAndAudit(page, 'dark-order-detail');
    await page.goto('/orders/new');
    await expect(page.getByRole('heading', { name: 'New order' })).toBeVisible();
    await screenshotAndAudit(page, 'dark-order-new');
  });
});
