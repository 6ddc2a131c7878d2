/**
 * Issue 19, item 1: an open order page and the orders list follow changes made elsewhere (here an
 * event posted through the API), without a reload, with a "changed, updated" cue; an action that
 * no longer applies stops being offered, even under its open dialog.
 */
import { expect, test, type Page } from '@playwright/test';
import { signIn, startSession, USERS } from './helpers';

/** A new order through the API with the page's (admin) session; its services. */
async function newOrder(page: Page, baseURL: string, lastName: string) {
  const location = (await (await page.request.get('/api/v2/locations?name=Dallas%20Terminal')).json()).data[0];
  const pkg = (await (await page.request.get(`/api/v2/packages?locationId=${location.id}&name=Non-DOT%2010-Panel`)).json()).data[0];
  const created = await page.request.post('/api/v2/orders', {
    headers: { Origin: baseURL },
    data: {
      deliveryMethods: [{ type: 'none' }],
      location: { id: location.id },
      package: { id: pkg.id },
      participant: { firstName: 'Live', lastName },
      requester: { email: 'admin@acme.test' },
      settings: {},
      testReason: 'random',
    },
  });
  expect(created.status()).toBe(201);
  return (await created.json()) as { id: string; code: string; services: Array<{ id: string }> };
}

async function postEvent(page: Page, baseURL: string, orderId: string, serviceId: string, status: string) {
  const response = await page.request.post(`/api/v2/orders/${orderId}/services/${serviceId}/events`, { headers: { Origin: baseURL }, data: { status } });
  expect(response.status()).toBe(200);
}

test.describe('Live order page', () => {
  test('an event posted through the API shows on the open page with a cue, and the audit trail follows', async ({ page, baseURL }) => {
    await startSession(page, USERS.admin);
    const order = await newOrder(page, baseURL!, `Page${Date.now()}`);
    await page.goto(`/orders/${order.id}`);
    const heading = page.getByRole('heading', { level: 1 });
    await expect(heading).toContainText('Ordered');
    await expect(page.getByTestId('order-live-cue')).toHaveText('');

    for (const service of order.services) await postEvent(page, baseURL!, order.id, service.id, 'negative');

    await expect(heading).toContainText('Negative');
    await expect(heading).toContainText('Final');
    await expect(page.getByTestId('order-live-cue')).toContainText('This order changed, updated: now Negative');
    await expect(page.getByTestId('audit-trail')).toContainText('Service status changed');
    await expect(page.getByRole('button', { name: 'Cancel order' })).toHaveCount(0);
  });

  test('the cancel dialog stops offering the cancellation when the order becomes final under it', async ({ page, baseURL }) => {
    await startSession(page, USERS.admin);
    const order = await newOrder(page, baseURL!, `Dialog${Date.now()}`);
    await page.goto(`/orders/${order.id}`);
    await page.getByRole('button', { name: 'Cancel order' }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByRole('button', { name: 'Cancel order' })).toBeVisible();

    for (const service of order.services) await postEvent(page, baseURL!, order.id, service.id, 'negative');

    await expect(dialog.getByRole('status').filter({ hasText: 'This order changed and can no longer be cancelled' })).toContainText('final status “Negative”');
    await expect(dialog.getByRole('button', { name: 'Cancel order' })).toHaveCount(0);
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('button', { name: 'Cancel order' })).toHaveCount(0);
  });
});

test.describe('Live orders list', () => {
  test('a status change of a listed order shows without a reload, with a cue', async ({ page, baseURL }) => {
    await signIn(page, 'admin');
    const lastName = `List${Date.now()}`;
    const order = await newOrder(page, baseURL!, lastName);
    await page.goto(`/orders?search=${lastName}`);
    const row = page.getByRole('row').filter({ hasText: order.code });
    await expect(row).toContainText('Ordered');
    await expect(page.getByTestId('orders-live-cue')).toHaveText('');

    for (const service of order.services) await postEvent(page, baseURL!, order.id, service.id, 'pending_atTheLab');

    await expect(row).toContainText('Pending'); // the order's status (its service is "at the lab")
    await expect(page.getByTestId('orders-live-cue')).toContainText('Orders changed, list updated');
  });
});
