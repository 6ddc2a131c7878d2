import { expect, test } from '@playwright/test';
import { findOrder, signIn } from './helpers';

test.describe('A viewer', () => {
  test('sees no create or cancel controls, and the server refuses both', async ({ page, baseURL }) => {
    await signIn(page, 'viewer');
    await expect(page.getByRole('link', { name: 'New order' })).toHaveCount(0);
    const order = await findOrder(page.request, { status: 'ordered' }, () => true);
    await page.goto(`/orders/${order.id}`);
    await expect(page.getByTestId('order-code')).toHaveText(order.code);
    await expect(page.getByRole('button', { name: 'Cancel order' })).toHaveCount(0);
    // The pass link lets its holder act as the participant: not for a read-only role (issue 26).
    await expect(page.getByTestId('pass-not-shown')).toBeVisible();
    await expect(page.getByTestId('pass-link')).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'Print pass' })).toHaveCount(0);

    // The create page is refused on the server, whatever the navigation shows.
    await page.goto('/orders/new');
    await expect(page).toHaveURL(/\/orders\?denied=order\.create/);
    await expect(page.getByRole('alert').filter({ hasText: 'Your role does not allow that page' })).toBeVisible();
    await page.goto('/settings/tokens');
    await expect(page).toHaveURL(/denied=admin/);
    await page.goto(`/orders/${order.id}/pass/print`);
    await expect(page).toHaveURL(/\/orders\?denied=order\.update/);
    await expect(page.getByTestId('print-link')).toHaveCount(0);

    // The API answers 403 to the viewer's session (same origin, so the CSRF check passes).
    const origin = { Origin: baseURL! };
    const cancel = await page.request.put(`/api/v2/orders/${order.id}/cancellation`, { data: {}, headers: origin });
    expect(cancel.status()).toBe(403);
    expect((await cancel.json()).errors[0].code).toBe('insufficientScope');
    const create = await page.request.post('/api/v2/orders', { data: {}, headers: origin });
    expect(create.status()).toBe(403);
    expect((await create.json()).errors[0].code).toBe('insufficientScope');
    const pass = await page.request.get(`/api/v2/orders/${order.id}/pass`);
    expect(pass.status()).toBe(403);
    expect((await pass.json()).errors[0].code).toBe('insufficientScope');
  });

  test('a session cookie without our Origin cannot change anything (CSRF)', async ({ page }) => {
    await signIn(page, 'admin');
    const order = await findOrder(page.request, { status: 'scheduled' }, () => true);
    const response = await page.request.put(`/api/v2/orders/${order.id}/cancellation`, { data: {}, headers: { Origin: 'https://evil.example' } });
    expect(response.status()).toBe(403);
    expect((await response.json()).errors[0].code).toBe('invalidOrigin');
    expect((await page.request.get(`/api/v2/orders/${order.id}`).then((r) => r.json())).status).toBe('scheduled');
  });
});
