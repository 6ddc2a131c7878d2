import { expect, test } from '@playwright/test';
import { findOrder, screenshotAndAudit, signIn, startSession, USERS } from './helpers';

test.describe('Cancelling an order', () => {
  test('staff cancel as themselves with a reason; the status and the audit trail show it', async ({ page, browser, baseURL }) => {
    // A new order placed by an admin (the seed's open orders expire as the calendar moves on).
    const admin = await browser.newPage();
    await signIn(admin, 'admin');
    const location = (await (await admin.request.get('/api/v2/locations?name=Dallas%20Terminal')).json()).data[0];
    const pkg = (await (await admin.request.get(`/api/v2/packages?locationId=${location.id}&name=Non-DOT%2010-Panel`)).json()).data[0];
    const created = await admin.request.post('/api/v2/orders', {
      headers: { Origin: baseURL! },
      data: {
        deliveryMethods: [{ type: 'none' }],
        location: { id: location.id },
        package: { id: pkg.id },
        participant: { firstName: 'Cancel', lastName: `Reason${Date.now()}` },
        requester: { email: 'admin@acme.test' },
        settings: {},
        testReason: 'random',
      },
    });
    expect(created.status()).toBe(201);
    const order = (await created.json()) as { id: string; code: string };
    await admin.close();

    await startSession(page, USERS.staff);
    await page.goto(`/orders/${order.id}`);
    await page.getByRole('button', { name: 'Cancel order' }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toBeVisible();
    // The audit identity is the signed-in user: shown, with no field to type another address.
    await expect(dialog.getByTestId('cancel-audit-identity')).toContainText('staff@acme.test');
    await expect(dialog.getByRole('textbox', { name: /e-mail/i })).toHaveCount(0);
    await dialog.getByLabel('Reason (optional)').fill('Ordered for the wrong participant');
    await expect(dialog.getByText('33/500 characters')).toBeVisible();
    await screenshotAndAudit(page, 'order-cancel-dialog');
    await dialog.getByRole('button', { name: 'Cancel order' }).click();

    await expect(page.getByTestId('toast').filter({ hasText: `Order ${order.code} cancelled` })).toBeVisible();
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Cancelled');
    await expect(page.getByRole('heading', { level: 1 })).not.toContainText('Not final');
    await expect(page.getByRole('heading', { level: 1 })).toBeFocused();
    await expect(page.getByRole('button', { name: 'Cancel order' })).toHaveCount(0);
    const audit = page.getByTestId('audit-trail');
    await expect(audit).toContainText('Order cancelled');
    await expect(audit).toContainText('staff@acme.test');
    await expect(audit).toContainText('Reason: Ordered for the wrong participant');
  });

  test('an order of background checks only is not offered for cancelling; the API explains why in words', async ({ page, baseURL }) => {
    await signIn(page, 'staff');
    const order = await findOrder(
      page.request,
      // Open or expired (expired is not final, so only the background checks stand in the way).
      { status: 'ordered,scheduled,pending,expired', createdBefore: '2026-11-01T00:00:00.000Z' },
      (o) => o.services.length > 0 && o.services.every((s) => s.attributes?.category === 'background'),
      30,
    );
    await page.goto(`/orders/${order.id}`);
    await expect(page.getByTestId('order-code')).toHaveText(order.code);
    await expect(page.getByRole('button', { name: 'Cancel order' })).toHaveCount(0);
    const refused = await page.request.put(`/api/v2/orders/${order.id}/cancellation`, { data: {}, headers: { Origin: baseURL! } });
    expect(refused.status()).toBe(422);
    expect((await refused.json()).errors[0].detail).toContain('only background-check services');
  });
});

test.describe('Webhook deliveries of an order', () => {
  test('a cancellation sends order.updated to the callback; an admin redelivers it', async ({ page, baseURL }) => {
    await signIn(page, 'admin');
    // An order created through the API with a callback URL (private URLs are allowed in this test server).
    const location = (await (await page.request.get('/api/v2/locations?name=Dallas%20Terminal')).json()).data[0];
    const pkg = (await (await page.request.get(`/api/v2/packages?locationId=${location.id}&name=Non-DOT%2010-Panel`)).json()).data[0];
    const created = await page.request.post('/api/v2/orders', {
      headers: { Origin: baseURL! },
      data: {
        deliveryMethods: [{ type: 'none' }],
        location: { id: location.id },
        package: { id: pkg.id },
        participant: { firstName: 'Webhook', lastName: `Receiver-${Date.now()}` },
        requester: { email: 'admin@acme.test' },
        settings: {},
        testReason: 'random',
        callback: { url: `${baseURL}/api/v2/openapi.json` },
      },
    });
    expect(created.status()).toBe(201);
    const order = await created.json();

    await page.goto(`/orders/${order.id}`);
    await page.getByRole('button', { name: 'Cancel order' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Cancel order' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Cancelled');

    const deliveries = page.getByTestId('webhook-deliveries');
    await expect(deliveries.getByRole('listitem')).toHaveCount(1);
    await expect(deliveries).toContainText(`${baseURL}/api/v2/openapi.json`);
    // The receiver answers 405 to a POST, so the delivery is retried; an admin can send it again now.
    await expect(deliveries).toContainText(/attempt/);
    await deliveries.getByRole('button', { name: /Redeliver/ }).click();
    await expect(page.getByTestId('toast').filter({ hasText: 'Redelivery queued' })).toBeVisible();
    await page.reload();
    await expect(page.getByTestId('audit-trail')).toContainText('Webhook redelivered');

    // The webhooks page lists the same delivery (the same list), headed by its order's code.
    await page.goto('/webhooks');
    const listed = page.getByTestId('webhook-deliveries').getByRole('listitem').filter({ hasText: order.code });
    await expect(listed).toHaveCount(1);
    await expect(listed.getByTestId('delivery-order')).toHaveAttribute('href', `/orders/${order.id}`);
    await expect(listed).toContainText(`${baseURL}/api/v2/openapi.json`);
    await expect(listed.getByRole('button', { name: /Redeliver/ })).toBeVisible();
  });
});
