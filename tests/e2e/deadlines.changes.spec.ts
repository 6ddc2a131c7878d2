/**
 * DOT deadlines in the dashboard (DESIGN.md 6.3): the create form's post-accident mode shows both
 * countdowns and warns before a window closes; the order page counts down until collection; the
 * orders list shows windows closing in the next 2 hours; the map link carries the package's needs.
 */
import { expect, test, type Page } from '@playwright/test';
import { choose, localHoursAgo, screenshotAndAudit, signIn } from './helpers';

test('post-accident order: both countdowns, the warning and delay reason, then the order page and the closing-soon list', async ({ page }) => {
  await signIn(page, 'manager', { to: '/orders/new' });
  await choose(page, '#location', 'Dallas Terminal');
  await choose(page, '#package', /^DOT Drug & Alcohol/);
  await choose(page, '#agency', /^FMCSA/);
  await expect(page.getByLabel(/When the accident happened/)).toHaveCount(0);
  await choose(page, '#test-reason', /^Post accident/i);

  // One hour ago: alcohol closes in ~7 h, drug in ~31 h; both count down.
  const occurred = page.getByLabel(/When the accident happened/);
  await expect(occurred).toBeVisible();
  await occurred.fill(await localHoursAgo(page, 1));
  const alcohol = page.getByTestId('window-alcohol');
  const drug = page.getByTestId('window-drug');
  await expect(alcohol).toContainText('DOT Breath Alcohol Test');
  await expect(page.getByTestId('window-alcohol-remaining')).toHaveText(/^(6 h 5\d|7 h 00) min$/);
  await expect(page.getByTestId('window-drug-remaining')).toHaveText(/^(30 h 5\d|31 h 00) min$/);
  await expect(alcohol).toHaveAttribute('data-state', 'open');
  await expect(page.getByLabel(/Why the alcohol test is not done/)).toHaveCount(0);
  const before = await page.getByTestId('window-drug-remaining').textContent();
  await screenshotAndAudit(page, 'deadlines-form-open');

  // 7.5 hours ago: the alcohol window closes within the hour (warning), and a delay reason is due.
  await occurred.fill(await localHoursAgo(page, 7.5));
  await expect(alcohol).toHaveAttribute('data-state', 'closing');
  await expect(drug).toHaveAttribute('data-state', 'open');
  await expect(page.getByRole('status').filter({ hasText: 'A testing window closes soon' })).toBeVisible();
  await expect(page.getByTestId('window-alcohol-remaining')).toHaveText(/^(29|30) min \d\d s$/);
  expect(await page.getByTestId('window-drug-remaining').textContent()).not.toBe(before);
  const mapLink = page.getByRole('link', { name: 'Find a clinic open now' });
  const href = (await mapLink.getAttribute('href'))!;
  expect(href).toMatch(/^\/clinics\?where=\d{5}&open=now&capabilities=breathAlcohol%2CdotCollection&package=/);
  await page.getByLabel(/Why the alcohol test is not done/).fill('Driver was treated at the hospital first');
  await screenshotAndAudit(page, 'deadlines-form-closing');

  await page.getByLabel('First name').fill('Casey');
  await page.getByLabel('Last name').fill(`Crash${Date.now()}`);
  await page.locator('#participant-email').fill('casey.crash@example.com');
  await page.getByRole('button', { name: 'Create order' }).click();
  await page.waitForURL(/\/orders\/[0-9a-f-]{36}$/);

  // The order page: the windows from the accident, counting down until collection.
  const card = page.getByTestId('order-deadlines');
  await expect(card).toContainText('DOT testing windows');
  await expect(card).toContainText('Delay reason: Driver was treated at the hospital first');
  await expect(card.locator('[data-state=closing]')).toContainText('DOT Breath Alcohol Test');
  await expect(card.locator('[data-state=open]')).toContainText('DOT 5-Panel Urine Drug Screen');
  const code = (await page.getByTestId('order-code').textContent())!;
  await screenshotAndAudit(page, 'deadlines-order');

  // The orders list: the window closing in the next 2 hours.
  await page.goto('/orders');
  const closing = page.getByTestId('deadlines-closing');
  await expect(closing).toContainText('DOT testing windows closing in the next 2 hours');
  await expect(closing.getByTestId('closing-order').filter({ hasText: code })).toContainText('DOT Breath Alcohol Test: closes in');
  await screenshotAndAudit(page, 'deadlines-orders-closing');

  // The map from the form's link: open now, the capabilities and the package preselected.
  await page.goto(href);
  await expect(page.getByTestId('filter-open-now')).toBeChecked();
  await expect(page.getByTestId('filter-capability-breathAlcohol')).toBeChecked();
  await expect(page.getByTestId('filter-capability-dotCollection')).toBeChecked();
  await expect(page.getByLabel('Package')).not.toHaveValue('');
  await expect(page.getByTestId('search-origin')).toContainText('filters');
});
