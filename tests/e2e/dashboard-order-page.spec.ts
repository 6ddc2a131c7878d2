/**
 * Issue 19, item 3 and the order page's minor items: what was ordered (delivery, collection site,
 * observed collection, notes, requester) from GET /api/v2/orders/{id}; the clinic's phone as a
 * readable link and its address under the mini-map; no "Not final" beside "Cancelled".
 */
import { expect, test, type APIRequestContext } from '@playwright/test';
import { startSession, USERS } from './helpers';

interface FullOrder {
  id: string;
  code: string;
  status: string;
  deliveryMethods: Array<{ type: string }>;
  settings: { schedule: { strategy: string }; observedCollection: boolean; notes: string | null };
  requester: { email: string; name?: string };
  clinic: { name: string; phone: string | null; address: { line1: string | null } | null } | null;
}

async function firstOrder(request: APIRequestContext, query: string, test: (o: FullOrder) => boolean): Promise<FullOrder> {
  for (let page = 1; page <= 15; page++) {
    const { data } = (await (await request.get(`/api/v2/orders?limit=20&page=${page}&${query}`)).json()) as { data: FullOrder[] };
    const found = data.find(test);
    if (found) return found;
  }
  throw new Error(`No order for ${query}`);
}

const DELIVERY: Record<string, string> = { email: 'E-mail to the participant', sms: 'Text message (SMS) to the participant', none: 'None: the participant is told another way' };
const SCHEDULE: Record<string, string> = {
  participantChoice: 'The participant chooses a clinic',
  nearestClinic: 'The clinic nearest the participant’s address',
  clinic: 'A clinic chosen when ordering',
};

test.describe('Order page: as ordered', () => {
  test('shows delivery, collection site, observed collection, notes and requester as the API returns them', async ({ page }) => {
    await startSession(page, USERS.manager);
    const order = await firstOrder(page.request, 'createdBefore=2026-11-01T00:00:00.000Z', () => true);
    await page.goto(`/orders/${order.id}`);
    const card = page.getByTestId('order-settings');
    await expect(card).toContainText(`Delivery${DELIVERY[order.deliveryMethods[0].type]}`);
    await expect(card).toContainText(`Collection site${SCHEDULE[order.settings.schedule.strategy]}`);
    await expect(card).toContainText(`Observed collection${order.settings.observedCollection ? 'Yes' : 'No'}`);
    await expect(card).toContainText(`Notes${order.settings.notes ?? '—'}`);
    await expect(card.getByRole('link', { name: order.requester.email })).toHaveAttribute('href', `mailto:${order.requester.email}`);
    if (order.requester.name) await expect(card).toContainText(order.requester.name);
  });
});

test.describe('Order page: clinic and status words', () => {
  test('the clinic phone is a readable tel: link and the mini-map caption is the address', async ({ page }) => {
    await startSession(page, USERS.manager);
    const order = await firstOrder(page.request, 'createdBefore=2026-11-01T00:00:00.000Z', (o) => Boolean(o.clinic?.phone && o.clinic.address?.line1));
    await page.goto(`/orders/${order.id}`);
    const phone = page.getByTestId('clinic-phone');
    await expect(phone).toHaveAttribute('href', `tel:${order.clinic!.phone}`);
    await expect(phone).not.toHaveText(order.clinic!.phone!);
    await expect(phone).toHaveText(/^\(\d{3}\) \d{3}-\d{4}$/);
    const caption = page.locator('figure figcaption');
    await expect(caption).toContainText(order.clinic!.address!.line1!);
    await expect(caption).not.toHaveText(/^-?\d+\.\d{4}, -?\d+\.\d{4}/);
  });

  test('a cancelled order shows "Cancelled" without "Not final"', async ({ page }) => {
    await startSession(page, USERS.manager);
    const order = await firstOrder(page.request, 'status=cancelled', () => true);
    await page.goto(`/orders/${order.id}`);
    const heading = page.getByRole('heading', { level: 1 });
    await expect(heading).toContainText('Cancelled');
    await expect(heading).not.toContainText('Not final');
    await expect(heading).not.toContainText('In progress');
  });
});
