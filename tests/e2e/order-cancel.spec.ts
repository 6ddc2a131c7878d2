import { expect, test } from '@playwright/test';
import { findOrder, screenshotAndAudit, signIn } from './helpers';

test.describe('Cancelling an order', () => {
  test('staff cancel with an audit e-mail; the status and the audit trail show it', async ({ page }) => {
    await signIn(page, 'staff');
    // A seeded order (created before the seed's anchor), so that no other test's new order is touched.
    const order = await findOrder(
      page.request,
      { status: 'ordered', createdBefore: '2026-11-01T00:00:00.000Z' },
      (o) => o.services.some((s) => s.attributes?.category !== 'background'),
    );
    await page.goto(`/orders/${order.id}`);
    await page.getByRole('button', { name: 'Cancel order' }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toBeVisible();
    const email = dialog.getByLabel('Audit e-mail');
    await expect(email).toHaveValue('staff@acme.test');
    await email.fill('not-an-email');
    await dialog.getByRole('button', { name: 'Cancel order' }).click();
    await expect(dialog.getByText('Enter a valid e-mail address.')).toBeVisible();
    await email.fill('compliance.officer@example.com');
    await screenshotAndAudit(page, 'order-cancel-dialog');
    await dialog.getByRole('button', { name: 'Cancel order' }).click();

    await expect(page.getByTestId('toast').filter({ hasText: `Order ${order.code} cancelled` })).toBeVisible();
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Cancelled');
    await expect(page.getByRole('button', { name: 'Cancel order' })).toHaveCount(0);
    const audit = page.getByTestId('audit-trail');
    await expect(audit).toContainText('Order cancelled');
    await expect(audit).toContainText('compliance.officer@example.com');
  });

  test('a refusal (422) is explained in words', async ({ page }) => {
    await signIn(page, 'staff');
    const order = await findOrder(
      page.request,
      { status: 'ordered,scheduled,pending', createdBefore: '2026-11-01T00:00:00.000Z' },
      (o) => o.services.length > 0 && o.services.every((s) => s.attributes?.category === 'background'),
      18,
    );
    await page.goto(`/orders/${order.id}`);
    await page.getByRole('button', { name: 'Cancel order' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: 'Cancel order' }).click();
    await expect(dialog.getByRole('alert')).toContainText('This order cannot be cancelled');
    await expect(dialog.getByRole('alert')).toContainText('only background-check services');
  });
});
