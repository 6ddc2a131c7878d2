/** Issue 19, minor: at phone size (390 px) the orders list is cards, nothing scrolls sideways, the filters fold. */
import { expect, test } from '@playwright/test';
import { screenshotAndAudit, signIn } from './helpers';

test.describe('Orders list at 390 px', () => {
  test('shows cards with the whole status, no sideways scroll, and folded filters', async ({ page }) => {
    await signIn(page, 'manager'); // at desktop size, where the signed-in user's name shows
    await page.setViewportSize({ width: 390, height: 844 });
    await page.reload();
    const cards = page.getByTestId('order-cards').getByRole('listitem');
    await expect(cards.first()).toBeVisible();
    await expect(page.getByRole('table')).toBeHidden();
    // One card per order of the page (the same page the hidden table holds).
    const rows = page.locator('table tbody tr');
    await expect(rows.first()).toBeAttached();
    const limit = await rows.count();
    const { data } = await (await page.request.get(`/api/v2/orders?limit=${limit}`)).json();
    await expect(cards).toHaveCount(data.length);
    // The first card names its order and shows its status inside the screen.
    await expect(cards.first()).toContainText(data[0].code);
    const badge = cards.first().locator('[title]').first();
    const box = (await badge.boundingBox())!;
    expect(box.x + box.width).toBeLessThanOrEqual(390);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);

    // The search stays; the other filters fold behind a button.
    await expect(page.getByRole('searchbox', { name: 'Search' })).toBeVisible();
    await expect(page.locator('#order-company')).toBeHidden();
    const toggle = page.getByRole('button', { name: /More filters/ });
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await toggle.click();
    await expect(page.getByRole('button', { name: 'Hide filters' })).toHaveAttribute('aria-expanded', 'true');
    await expect(page.locator('#order-company')).toBeVisible();
    await screenshotAndAudit(page, 'orders-phone');
  });
});
