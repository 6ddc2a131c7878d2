/** Issue 19, item 3 (and item 5's trimming): a new order's settings and requester on its page. */
import { expect, test } from '@playwright/test';
import { signIn } from './helpers';

test.describe('Order page: as ordered (new order)', () => {
  test('a new order with notes and observed collection shows them', async ({ page, baseURL }) => {
    await signIn(page, 'admin');
    const location = (await (await page.request.get('/api/v2/locations?name=Dallas%20Terminal')).json()).data[0];
    const pkg = (await (await page.request.get(`/api/v2/packages?locationId=${location.id}&name=Non-DOT%2010-Panel`)).json()).data[0];
    const response = await page.request.post('/api/v2/orders', {
      headers: { Origin: baseURL! },
      data: {
        deliveryMethods: [{ type: 'sms' }],
        location: { id: location.id },
        package: { id: pkg.id },
        participant: { firstName: 'Shown', lastName: `Settings${Date.now()}`, phone: '+12145550123' },
        requester: { email: 'admin@acme.test', name: '  Ada Admin  ', phone: '+19725556721' },
        settings: { observedCollection: true, notes: '  Gate code 4411  ' },
        testReason: 'random',
      },
    });
    expect(response.status()).toBe(201);
    const order = await response.json();
    expect(order.requester.name).toBe('Ada Admin');
    expect(order.settings.notes).toBe('Gate code 4411');
    await page.goto(`/orders/${order.id}`);
    const card = page.getByTestId('order-settings');
    await expect(card).toContainText('DeliveryText message (SMS) to the participant');
    await expect(card).toContainText('Observed collectionYes');
    await expect(card).toContainText('NotesGate code 4411');
    await expect(card).toContainText('Ada Admin');
    await expect(card.getByRole('link', { name: '(972) 555-6721' })).toHaveAttribute('href', 'tel:+19725556721');
  });

  test('an integration error explains what went wrong and what to do', async ({ page, baseURL }) => {
    await signIn(page, 'admin');
    const location = (await (await page.request.get('/api/v2/locations?name=Dallas%20Terminal')).json()).data[0];
    const pkg = (await (await page.request.get(`/api/v2/packages?locationId=${location.id}&name=Non-DOT%2010-Panel`)).json()).data[0];
    const response = await page.request.post('/api/v2/orders', {
      headers: { Origin: baseURL! },
      data: {
        deliveryMethods: [{ type: 'none' }],
        location: { id: location.id },
        package: { id: pkg.id },
        participant: { firstName: 'Integration', lastName: `Error${Date.now()}` },
        requester: { email: 'admin@acme.test' },
        settings: {},
        testReason: 'random',
      },
    });
    expect(response.status()).toBe(201);
    const order = await response.json();
    const event = await page.request.post(`/api/v2/orders/${order.id}/services/${order.services[0].id}/events`, {
      headers: { Origin: baseURL! },
      data: { status: 'integrationError' },
    });
    expect(event.status()).toBe(200);
    await page.goto(`/orders/${order.id}`);
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Integration error');
    const help = page.getByTestId('integration-error-help');
    await expect(help).toContainText(`${order.services[0].name} could not be passed on`);
    await expect(help).toContainText(order.code);
  });
});
