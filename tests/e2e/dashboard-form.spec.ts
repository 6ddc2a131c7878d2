/**
 * Issue 19, items 5 and 6 and the form's minor items: DOT reasons first, a blank other reason
 * refused (form and API), a counter on the free-text reason, the contact the delivery method needs
 * named on the first empty submit, messages in words, and keyboard focus never under the sticky
 * action bar.
 */
import { expect, test, type Page } from '@playwright/test';
import { signIn } from './helpers';

async function choose(page: Page, selector: string, optionText: string | RegExp) {
  const option = page.locator(`${selector} option`, { hasText: optionText }).first();
  await expect(option).toBeAttached();
  await page.locator(selector).selectOption((await option.getAttribute('value'))!);
}

test.describe('Create-order form: reasons', () => {
  test.beforeEach(async ({ page }) => {
    await signIn(page, 'manager', { to: '/orders/new' });
    await expect(page.getByRole('heading', { name: 'New order' })).toBeVisible();
  });

  test('a DOT package lists the DOT reasons first', async ({ page }) => {
    await choose(page, '#location', 'Dallas Terminal');
    await choose(page, '#package', /^DOT Drug Screen/);
    const groups = page.locator('#test-reason optgroup');
    await expect(groups.first()).toHaveAttribute('label', 'DOT reasons');
    await expect(groups.first().locator('option')).toHaveText(['Pre employment', 'Random', 'Post accident', 'Reasonable suspicion', 'Return to duty', 'Follow up']);
    await expect(groups.nth(1)).toHaveAttribute('label', 'Other reasons');
  });

  test('a non-DOT package lists the reasons without groups', async ({ page }) => {
    await choose(page, '#location', 'Dallas Terminal');
    await choose(page, '#package', /^Non-DOT 10-Panel/);
    await expect(page.locator('#test-reason optgroup')).toHaveCount(0);
  });

  test('a blank free-text other reason is refused, with a counter; the API answers 400 at /otherTestReason', async ({ page, baseURL }) => {
    await choose(page, '#location', 'Dallas Terminal');
    await choose(page, '#package', /^DOT Drug Screen/);
    await choose(page, '#test-reason', /^Other$/);
    const other = page.locator('input#other-test-reason');
    await other.fill('   ');
    await expect(page.getByTestId('other-reason-counter')).toHaveText('3/30 characters');
    await page.getByRole('button', { name: 'Create order' }).click();
    await expect(page.locator('#other-test-reason-error')).toHaveText('Required.');
    await other.fill('Court-ordered retest');
    await expect(page.getByTestId('other-reason-counter')).toHaveText('20/30 characters');
    await expect(page.locator('#other-test-reason-error')).toHaveCount(0);

    const location = (await (await page.request.get('/api/v2/locations?name=Dallas%20Terminal')).json()).data[0];
    const pkg = (await (await page.request.get(`/api/v2/packages?locationId=${location.id}&name=DOT%20Drug%20Screen`)).json()).data[0];
    const refused = await page.request.post('/api/v2/orders', {
      headers: { Origin: baseURL! },
      data: {
        deliveryMethods: [{ type: 'none' }],
        location: { id: location.id },
        package: { id: pkg.id },
        participant: { firstName: 'Blank', lastName: 'Reason' },
        requester: { email: 'manager@acme.test' },
        settings: {},
        testReason: 'other',
        otherTestReason: '   ',
      },
    });
    expect(refused.status()).toBe(400);
    const body = await refused.json();
    expect(body.errors).toContainEqual(expect.objectContaining({ code: 'tooSmall', source: { pointer: '/otherTestReason' } }));
  });
});

test.describe('Create-order form: validation in words', () => {
  test('the first empty submit names the participant e-mail the delivery needs; no message speaks in paths', async ({ page }) => {
    await signIn(page, 'manager', { to: '/orders/new' });
    await page.getByRole('button', { name: 'Create order' }).click();
    await expect(page.locator('#participant-email-error')).toHaveText('Required to send the pass by e-mail.');
    await page.locator('#participant-email').fill('not-an-address');
    await page.locator('#participant-phone').fill('555');
    await page.getByRole('button', { name: 'Create order' }).click();
    await expect(page.locator('#participant-email-error')).toHaveText('Enter a valid e-mail address, such as name@example.com.');
    await expect(page.locator('#participant-phone-error')).toHaveText('Enter the number with + and the country code, such as +12145550123.');
    const messages = await page.locator('[id$="-error"]').allTextContents();
    expect(messages.length).toBeGreaterThan(0);
    for (const message of messages) expect(message).not.toMatch(/\b[a-z]+\.[a-z]+[A-Za-z.]* is required|Invalid URL|Too small|Too big|expected/);
  });
});

test.describe('Create-order form: keyboard focus', () => {
  test.use({ viewport: { width: 1280, height: 600 } });

  test('every field reached by Tab stays above the sticky Cancel / Create order bar', async ({ page }) => {
    await signIn(page, 'manager', { to: '/orders/new' });
    await choose(page, '#location', 'Dallas Terminal');
    await choose(page, '#package', /^Non-DOT 10-Panel/);
    await page.locator('#location').focus();
    const hidden: string[] = [];
    for (let i = 0; i < 30; i++) {
      await page.keyboard.press('Tab');
      const state = await page.evaluate(() => {
        const el = document.activeElement as HTMLElement | null;
        const bar = document.querySelector('[data-testid="form-actions"]');
        if (!el || !bar || bar.contains(el) || el === document.body) return null;
        const box = el.getBoundingClientRect();
        return { name: el.id || el.tagName, bottom: box.bottom, barTop: bar.getBoundingClientRect().top };
      });
      if (state && state.bottom > state.barTop) hidden.push(`${state.name}: bottom ${state.bottom} > bar ${state.barTop}`);
    }
    expect(hidden).toEqual([]);
  });
});
