/**
 * Issue 19, item 2: the list's search finds names as the list shows them, "Last, First", first and
 * middle name, and the code typed without its dash (the API's `search`, every word anywhere).
 */
import { expect, test, type APIRequestContext } from '@playwright/test';
import { signIn } from './helpers';

interface Listed {
  id: string;
  code: string;
  participant: { firstName: string | null; middleName: string | null; lastName: string | null };
}

/** A seeded order with a middle name whose full name finds at most one page of orders. */
async function orderWithMiddleName(request: APIRequestContext): Promise<Listed> {
  for (let page = 1; page <= 10; page++) {
    const { data } = (await (await request.get(`/api/v2/orders?limit=20&page=${page}&createdBefore=2026-11-01T00:00:00.000Z`)).json()) as { data: Listed[] };
    for (const o of data) {
      const { firstName, middleName, lastName } = o.participant;
      if (!firstName || !middleName || !lastName) continue;
      const found = await (await request.get(`/api/v2/orders?search=${encodeURIComponent(`${firstName} ${middleName} ${lastName}`)}`)).json();
      if (found.total <= 10) return o;
    }
  }
  throw new Error('No seeded order with a middle name');
}

test.describe('Searching orders', () => {
  test('finds the name as listed, "Last, First", first and middle name, and the code without its dash', async ({ page }) => {
    await signIn(page, 'manager');
    const order = await orderWithMiddleName(page.request);
    const { firstName, middleName, lastName } = order.participant;
    const search = page.getByRole('searchbox', { name: 'Search' });
    const row = page.getByRole('row').filter({ hasText: order.code });

    const variants = [
      `${firstName} ${middleName} ${lastName}`, // copied from the list
      `${lastName}, ${firstName}`,
      `${firstName} ${middleName}`.toUpperCase(),
      order.code.replace(/-/g, '').toLowerCase(),
    ];
    const nothing = page.getByText('No orders match these filters');
    for (const text of variants) {
      // Between two variants, a search that finds nothing: the row seen next is this variant's.
      // Every word must match: the first name with a foreign word finds nothing.
      await search.fill(`${firstName} Zzyzxnotaname`);
      await expect(nothing).toBeVisible();
      await search.fill(text);
      await expect.poll(() => new URL(page.url()).searchParams.get('search')).toBe(text);
      await expect(row, `search "${text}"`).toBeVisible();
      await expect(nothing).toBeHidden();
    }
  });
});
