/**
 * Issue 19, minor: the accessibility check in dark mode too (list, order page, new-order form);
 * issue 29: the clinic finder with its hours and time-zone notes, and the setup dialogs.
 */
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

  test('the clinic finder, with hours and their time-zone notes, passes the accessibility check', async ({ page }) => {
    await signIn(page, 'manager', { to: '/clinics?where=75201&radius=100' });
    await expect(page.locator('html')).toHaveClass(/\bdark\b/);
    await expect(page.getByTestId('clinic-hours').first()).toBeVisible();
    await screenshotAndAudit(page, 'dark-clinics');
  });

  test('the setup dialogs (company, location, package) pass the accessibility check, errors showing', async ({ page }) => {
    test.setTimeout(120_000);
    await signIn(page, 'admin', { to: '/companies' });
    await expect(page.locator('html')).toHaveClass(/\bdark\b/);
    await page.getByRole('button', { name: 'New company' }).click();
    const company = page.getByRole('dialog', { name: 'New company' });
    await company.getByRole('button', { name: 'Create company' }).click();
    await expect(company.getByRole('textbox', { name: 'Name', exact: true })).toHaveAttribute('aria-invalid', 'true');
    await screenshotAndAudit(page, 'dark-setup-company-dialog');
    await company.getByRole('button', { name: 'Cancel' }).click();

    await page.goto('/locations');
    await page.getByRole('button', { name: 'New location' }).click();
    const location = page.getByRole('dialog', { name: 'New location' });
    await location.getByRole('button', { name: 'Create location' }).click();
    await expect(location.getByRole('textbox', { name: 'Name', exact: true })).toHaveAttribute('aria-invalid', 'true');
    await screenshotAndAudit(page, 'dark-setup-location-dialog');
    await location.getByRole('button', { name: 'Cancel' }).click();

    await page.goto('/packages');
    await page.getByRole('button', { name: 'New package' }).click();
    await expect(page.getByRole('dialog', { name: 'New package' })).toBeVisible();
    await screenshotAndAudit(page, 'dark-setup-package-editor');
  });

  test('the new-order form passes the accessibility check', async ({ page }) => {
    await signIn(page, 'manager', { to: '/orders/new' });
    await expect(page.locator('html')).toHaveClass(/\bdark\b/);
    await expect(page.getByRole('heading', { name: 'New order' })).toBeVisible();
    await screenshotAndAudit(page, 'dark-order-new');
  });
});
