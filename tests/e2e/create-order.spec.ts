import { expect, test, type Page } from '@playwright/test';
import { screenshotAndAudit, signIn } from './helpers';

async function choose(page: Page, selector: string, optionText: string | RegExp) {
  const option = page.locator(`${selector} option`, { hasText: optionText }).first();
  await expect(option).toBeAttached();
  await page.locator(selector).selectOption((await option.getAttribute('value'))!);
}

async function fillParticipant(page: Page, p: { first: string; last: string; email: string; birthDate?: string }) {
  await page.getByLabel('First name').fill(p.first);
  await page.getByLabel('Last name').fill(p.last);
  if (p.birthDate) await page.getByLabel('Date of birth').fill(p.birthDate);
  await page.locator('#participant-email').fill(p.email);
}

test.describe('Create-order form', () => {
  test.beforeEach(async ({ page }) => {
    await signIn(page, 'manager', { to: '/orders/new' });
    await expect(page.getByRole('heading', { name: 'New order' })).toBeVisible();
  });

  test('a DOT package under FAA shows the job-category field and its errors, then creates the order', async ({ page }) => {
    await screenshotAndAudit(page, 'order-new');
    await expect(page.getByLabel('Agency')).toHaveCount(0);
    await choose(page, '#location', 'Dallas Terminal');
    await choose(page, '#package', /^DOT Drug Screen/);
    await expect(page.getByTestId('package-services')).toContainText('DOT');

    // The package has a DOT service: the agency appears and is required.
    await expect(page.getByLabel('Agency')).toBeVisible();
    await expect(page.getByLabel('Job category')).toHaveCount(0);
    await choose(page, '#test-reason', 'Pre employment');
    await fillParticipant(page, { first: 'Amelia', last: 'Earhart-E2E', email: 'amelia.e2e@example.com', birthDate: '1990-07-24' });
    await page.getByRole('button', { name: 'Create order' }).click();
    await expect(page.locator('#agency-error')).toContainText('Choose the agency');

    // FMCSA names no job category; FAA does, and a DOT urine test requires one.
    await choose(page, '#agency', /^FMCSA/);
    await expect(page.getByLabel('Job category')).toHaveCount(0);
    await choose(page, '#agency', /^FAA/);
    await expect(page.getByLabel('Job category')).toBeVisible();
    await expect(page.getByText('Required for a DOT urine test under FAA.')).toBeVisible();
    await page.getByRole('button', { name: 'Create order' }).click();
    await expect(page.locator('#job-category-error')).toContainText('Choose the job category');
    await expect(page.getByLabel('Job category')).toHaveAttribute('aria-invalid', 'true');
    await screenshotAndAudit(page, 'order-new-errors');

    await choose(page, '#job-category', 'Flight Crew Member');
    await page.getByRole('button', { name: 'Create order' }).click();
    await page.waitForURL(/\/orders\/[0-9a-f-]{36}$/);
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Ordered');
    await expect(page.getByText('Flight Crew Member')).toBeVisible();
    await expect(page.getByRole('main').getByText('FAA', { exact: true })).toBeVisible();
    await expect(page.getByTestId('audit-trail')).toContainText('From the dashboard');
  });

  test('an order for an employee of the roster: the picker searches the company\'s roster and fills the participant (DESIGN.md 7.1)', async ({ page }) => {
    await choose(page, '#location', 'Dallas Terminal');
    await choose(page, '#package', /^Non-DOT 10-Panel/);
    await choose(page, '#test-reason', 'Pre employment');
    // The seed's roster of Acme Freight Lines: externalIds PRI-1001 to PRI-1032.
    await page.getByLabel('Search the roster').fill('PRI-100');
    const first = page.getByTestId('employee-choices').getByRole('button').first();
    await expect(first).toBeVisible();
    const [name] = (await first.textContent())!.split(' PRI-');
    await first.click();
    await expect(page.getByTestId('chosen-employee')).toContainText(name);
    const [last, given] = name.split(', ');
    await expect(page.getByLabel('First name')).toHaveValue(given);
    await expect(page.getByLabel('Last name')).toHaveValue(last);
    // What the roster lacks (or what differs for this order) is typed here.
    await page.locator('#participant-email').fill(`roster.e2e.${Date.now()}@example.com`);
    const posted = page.waitForRequest((r) => r.method() === 'POST' && new URL(r.url()).pathname === '/api/v2/orders');
    await page.getByRole('button', { name: 'Create order' }).click();
    expect((await posted).postDataJSON()).toMatchObject({ employee: { id: expect.any(String) }, participant: { firstName: given, lastName: last } });
    await page.waitForURL(/\/orders\/[0-9a-f-]{36}$/);
    await expect(page.getByRole('main')).toContainText(given);
  });

  test('a non-DOT order with the "other" test reason picks one of the 14 values; the same order again is matched', async ({ page }) => {
    await choose(page, '#location', 'Dallas Terminal');
    await choose(page, '#package', /^Non-DOT 10-Panel/);
    await expect(page.getByLabel('Agency')).toHaveCount(0);
    await expect(page.getByLabel('Other test reason')).toHaveCount(0);
    await choose(page, '#test-reason', 'Other');
    const other = page.getByLabel('Other test reason');
    await expect(other).toBeVisible();
    // The package has no DOT drug, alcohol or occupational-health service: a select of the 14 values.
    await expect(other.locator('option')).toHaveCount(15);
    await page.getByRole('button', { name: 'Create order' }).click();
    await expect(page.locator('#other-test-reason-error')).toBeVisible();
    await choose(page, '#other-test-reason', 'Court ordered');
    const participant = { first: 'Grace', last: 'Hopper-E2E', email: 'grace.e2e@example.com', birthDate: '1986-12-09' };
    await fillParticipant(page, participant);
    await page.getByRole('button', { name: 'Create order' }).click();
    await page.waitForURL(/\/orders\/[0-9a-f-]{36}$/);
    const code = await page.getByTestId('order-code').textContent();
    await expect(page.getByRole('main')).toContainText('Other · Court ordered'); // the code in words (issue 19)

    // The same participant and package again: the service returns the open order, marked as matched.
    await page.goto('/orders/new');
    await choose(page, '#location', 'Dallas Terminal');
    await choose(page, '#package', /^Non-DOT 10-Panel/);
    await choose(page, '#test-reason', 'Other');
    await choose(page, '#other-test-reason', 'Court ordered');
    await fillParticipant(page, participant);
    await page.getByRole('button', { name: 'Create order' }).click();
    await expect(page.getByText('An equivalent open order already exists').first()).toBeVisible();
    await expect(page.getByTestId('matched-order-link')).toHaveText(code!);
  });

  test('a DOT drug package makes the other test reason free text', async ({ page }) => {
    await choose(page, '#location', 'Dallas Terminal');
    await choose(page, '#package', /^DOT Drug Screen/);
    await expect(page.getByTestId('package-services')).toContainText('Urine');
    await choose(page, '#test-reason', 'Other');
    await expect(page.getByLabel('Other test reason')).toHaveAttribute('maxlength', '30');
    await expect(page.locator('input#other-test-reason')).toBeVisible();
  });

  test('server errors land on the field named by source.pointer', async ({ page }) => {
    // Phoenix Yard allows only the participantChoice strategy: the server refuses a named clinic (422).
    await choose(page, '#location', 'Phoenix Yard');
    await choose(page, '#package', /^Non-DOT 10-Panel/);
    await choose(page, '#test-reason', 'Random');
    await fillParticipant(page, { first: 'Ada', last: 'Lovelace-E2E', email: 'ada.e2e@example.com' });
    await page.getByText('A specific clinic').click();
    const choices = page.getByTestId('clinic-choices');
    await expect(choices.getByRole('radio').first()).toBeVisible();
    await choices.getByRole('radio').first().check();
    await page.getByRole('button', { name: 'Create order' }).click();
    await expect(page.locator('#schedule-strategy-error')).toContainText('does not allow the "clinic" schedule strategy');
    // Client-side rules of the shared schema: sms needs a phone in E.164.
    await page.getByText('Text message').click();
    await page.getByRole('button', { name: 'Create order' }).click();
    await expect(page.locator('#participant-phone-error')).toBeVisible();
  });
});
