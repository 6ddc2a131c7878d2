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
        participant: { firstName: 'Shown', lastName: `Settings${Date.now()}`, phone: '+15555550123' },
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
});
