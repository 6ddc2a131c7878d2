/**
 * The reference browsers: companies, locations, services, packages and agencies. Each is a
 * server-paginated table whose filters and page live in the URL, with a detail view; each main
 * page is screenshotted and checked with axe (no serious or critical issue).
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { startSession } from './helpers';

const SCREENSHOTS = 'test-results/screenshots';

/** Signs in without opening a page: each test opens the page it tests. */
const signIn = (page: Page, email = 'manager@acme.test') => startSession(page, email);

async function expectNoSeriousA11yViolations(page: Page) {
  const { violations } = await new AxeBuilder({ page }).analyze();
  const serious = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`)).toEqual([]);
}

const table = (page: Page) => page.getByRole('main').getByRole('table').first();
const rows = (page: Page) => table(page).locator('tbody tr');

/** "Showing 11–13 of 13 locations" -> { from: 11, to: 13, total: 13 } */
async function shownRange(page: Page) {
  const text = (await page.getByText(/^Showing \d/).first().textContent())!.replace(/,/g, '');
  const m = /Showing (\d+)–(\d+) of (\d+)/.exec(text)!;
  return { from: Number(m[1]), to: Number(m[2]), total: Number(m[3]) };
}

/** The first-column texts of the table's rows. */
const firstCells = (page: Page) => rows(page).locator('td:first-child').allTextContents();

test.describe('Reference browsers', () => {
  test.beforeEach(async ({ page }) => {
    await signIn(page);
  });

  test('companies: list, filter by name, paging via the URL, detail', async ({ page }) => {
    await page.goto('/companies');
    await expect(page.getByRole('heading', { level: 1, name: 'Companies' })).toBeVisible();
    const all = await shownRange(page);
    expect(all.total).toBeGreaterThan(1);
    await expect(rows(page)).toHaveCount(Math.min(10, all.total));
    await page.screenshot({ path: `${SCREENSHOTS}/companies.png`, fullPage: true });
    await expectNoSeriousA11yViolations(page);

    // Filter: typing applies after a pause; the URL holds the filter.
    await page.getByLabel('Name').fill('freight');
    await expect(page).toHaveURL(/\/companies\?name=freight$/);
    await expect(rows(page)).toHaveCount(1);
    await expect(rows(page).first()).toContainText(/freight/i);
    await page.getByRole('button', { name: /Clear filters/ }).click();
    await expect(page).toHaveURL(/\/companies$/);
    await expect(rows(page)).toHaveCount(Math.min(10, all.total));

    // Paging by URL: one per page.
    await page.goto('/companies?limit=1&page=2');
    await expect(rows(page)).toHaveCount(1);
    expect(await shownRange(page)).toEqual({ from: 2, to: 2, total: all.total });
    await expect(page.getByRole('navigation', { name: 'Pagination' }).locator('[aria-current=page]')).toHaveText(/2/);
    const second = (await firstCells(page))[0];
    await page.getByRole('link', { name: 'Previous' }).click();
    await expect(page).toHaveURL(/\/companies\?limit=1$/);
    expect((await firstCells(page))[0]).not.toBe(second);

    // Detail.
    await page.goto('/companies');
    const name = (await rows(page).first().getByRole('link').first().textContent())!;
    await rows(page).first().getByRole('link').first().click();
    await expect(page).toHaveURL(/\/companies\/[\w-]+$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(name);
    await expect(page.getByRole('heading', { name: 'Details' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Locations' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Packages' })).toBeVisible();
    await page.screenshot({ path: `${SCREENSHOTS}/company-detail.png`, fullPage: true });
    await expectNoSeriousA11yViolations(page);
  });

  test('locations: filters by name, company, city and state, paging, detail', async ({ page }) => {
    await page.goto('/locations');
    await expect(page.getByRole('heading', { level: 1, name: 'Locations' })).toBeVisible();
    const all = await shownRange(page);
    expect(all.total).toBeGreaterThan(10);
    await page.screenshot({ path: `${SCREENSHOTS}/locations.png`, fullPage: true });
    await expectNoSeriousA11yViolations(page);

    // Next page by the pagination, then straight from the URL.
    await page.getByRole('link', { name: 'Next' }).click();
    await expect(page).toHaveURL(/\/locations\?page=2$/);
    expect(await shownRange(page)).toEqual({ from: 11, to: Math.min(20, all.total), total: all.total });
    await page.goto('/locations?limit=5&page=3');
    expect(await shownRange(page)).toEqual({ from: 11, to: Math.min(15, all.total), total: all.total });
    await expect(page.getByLabel('Rows per page')).toHaveValue('5');

    // State (a select applies at once).
    await page.goto('/locations');
    await page.getByLabel('State').selectOption('TX');
    await expect(page).toHaveURL(/state=TX/);
    await expect(rows(page).first()).toBeVisible();
    for (const address of await rows(page).locator('td:nth-child(3)').allTextContents()) expect(address).toMatch(/, TX \d{5}/);

    // City and company together, in the URL.
    await page.getByLabel('City').fill('dallas');
    await page.getByLabel('City').press('Enter');
    await expect(page).toHaveURL(/city=dallas/);
    await expect(rows(page)).toHaveCount(1);
    const company = (await rows(page).first().locator('td:nth-child(2)').textContent())!.trim();
    await page.getByLabel('Company').selectOption({ label: company });
    await expect(page).toHaveURL(/companyId=/);
    await expect(rows(page)).toHaveCount(1);
    await page.getByLabel('Name').fill('no such location');
    await page.getByRole('button', { name: 'Apply' }).click();
    await expect(page.getByText('No location matches these filters')).toBeVisible();

    // Detail with the packages available there.
    await page.goto('/locations?city=dallas');
    await rows(page).first().getByRole('link').first().click();
    await expect(page).toHaveURL(/\/locations\/[\w-]+$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Dallas Terminal');
    await expect(page.getByRole('heading', { name: 'Packages available here' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Find clinics nearby' })).toHaveAttribute('href', /\/clinics\?where=\d{5}/);
    await page.screenshot({ path: `${SCREENSHOTS}/location-detail.png`, fullPage: true });
    await expectNoSeriousA11yViolations(page);
  });

  test('services: filter by name and type, paging, detail', async ({ page }) => {
    await page.goto('/services');
    await expect(page.getByRole('heading', { level: 1, name: 'Services' })).toBeVisible();
    const all = await shownRange(page);
    await page.screenshot({ path: `${SCREENSHOTS}/services.png`, fullPage: true });
    await expectNoSeriousA11yViolations(page);

    await page.getByLabel('Type').selectOption({ label: 'Lab-based toxicology' });
    await expect(page).toHaveURL(/type=labBasedToxicology/);
    await expect(rows(page).first()).toBeVisible();
    for (const type of await rows(page).locator('td:nth-child(2)').allTextContents()) expect(type).toBe('Lab-based toxicology');
    const labBased = await shownRange(page);
    expect(labBased.total).toBeLessThan(all.total);

    await page.getByLabel('Name').fill('urine');
    await page.getByLabel('Name').press('Enter');
    await expect(page).toHaveURL(/name=urine/);
    for (const name of await firstCells(page)) expect(name.toLowerCase()).toContain('urine');

    // Paging via URL; a refused parameter is said and ignored, never an error page.
    await page.goto('/services?page=2');
    expect((await shownRange(page)).from).toBe(11);
    await page.goto('/services?page=0');
    await expect(page.getByText('Some filters in the address were not understood and were ignored')).toBeVisible();
    expect((await shownRange(page)).from).toBe(1);

    await page.goto('/services?name=DOT%205-Panel');
    await rows(page).first().getByRole('link').first().click();
    await expect(page).toHaveURL(/\/services\/[\w-]+$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('DOT 5-Panel Urine Drug Screen');
    await expect(page.getByRole('main').getByText('DOT', { exact: true }).first()).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Packages with this service' })).toBeVisible();
    await page.screenshot({ path: `${SCREENSHOTS}/service-detail.png`, fullPage: true });
    await expectNoSeriousA11yViolations(page);
  });

  test('packages: with their services, filter by name, company and location, paging, detail', async ({ page }) => {
    await page.goto('/packages');
    await expect(page.getByRole('heading', { level: 1, name: 'Packages' })).toBeVisible();
    const all = await shownRange(page);
    await expect(rows(page).first().getByRole('list', { name: 'Services' })).toBeVisible();
    await page.screenshot({ path: `${SCREENSHOTS}/packages.png`, fullPage: true });
    await expectNoSeriousA11yViolations(page);

    await page.goto('/packages?limit=20&page=1');
    await expect(rows(page)).toHaveCount(Math.min(20, all.total));
    if (all.total > 10) {
      await page.goto('/packages?page=2');
      expect((await shownRange(page)).from).toBe(11);
    }

    await page.goto('/packages');
    await page.getByLabel('Name').fill('DOT');
    await page.getByLabel('Name').press('Enter');
    await expect(page).toHaveURL(/name=DOT/);
    for (const name of await firstCells(page)) expect(name).toMatch(/DOT/i);

    await page.goto('/packages');
    const companyOption = page.getByLabel('Company').locator('option').nth(1);
    const company = (await companyOption.textContent())!;
    await page.getByLabel('Company').selectOption({ label: company });
    await expect(page).toHaveURL(/companyId=/);
    for (const c of await rows(page).locator('td:nth-child(2)').allTextContents()) expect(c).toBe(company);

    await page.goto('/packages');
    await page.getByLabel('Available at').selectOption({ index: 1 });
    await expect(page).toHaveURL(/locationId=/);
    await expect(rows(page).first()).toBeVisible();

    await rows(page).first().getByRole('link').first().click();
    await expect(page).toHaveURL(/\/packages\/[\w-]+$/);
    await expect(page.getByRole('heading', { name: 'Services', exact: true })).toBeVisible();
    expect(await page.getByRole('table', { name: /Services of/ }).locator('tbody tr').count()).toBeGreaterThan(0);
    await expect(page.getByRole('link', { name: 'Find clinics offering it' })).toHaveAttribute('href', /\/clinics\?package=/);
    await page.screenshot({ path: `${SCREENSHOTS}/package-detail.png`, fullPage: true });
    await expectNoSeriousA11yViolations(page);
  });

  test('agencies: with their job categories, paging via the URL, detail', async ({ page }) => {
    await page.goto('/agencies');
    await expect(page.getByRole('heading', { level: 1, name: 'Agencies' })).toBeVisible();
    const all = await shownRange(page);
    expect(all.total).toBe(6);
    expect(await firstCells(page)).toEqual(['FAA', 'FMCSA', 'FRA', 'FTA', 'PHMSA', 'USCG']);
    await expect(page.getByRole('list', { name: 'Job categories of FAA' })).toBeVisible();
    await page.screenshot({ path: `${SCREENSHOTS}/agencies.png`, fullPage: true });
    await expectNoSeriousA11yViolations(page);

    await page.goto('/agencies?limit=4&page=2');
    expect(await firstCells(page)).toEqual(['PHMSA', 'USCG']);

    await page.goto('/agencies');
    await page.getByRole('link', { name: 'FAA', exact: true }).click();
    await expect(page).toHaveURL(/\/agencies\/[\w-]+$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Federal Aviation Administration (FAA)');
    const categories = await shownRange(page);
    expect(categories.total).toBeGreaterThan(5);
    await expect(rows(page).first()).toBeVisible();
    await page.screenshot({ path: `${SCREENSHOTS}/agency-detail.png`, fullPage: true });
    await expectNoSeriousA11yViolations(page);

    // The job categories page through the URL too.
    await page.goto(`${new URL(page.url()).pathname}?limit=5&page=2`);
    expect(await shownRange(page)).toEqual({ from: 6, to: Math.min(10, categories.total), total: categories.total });
  });

  test('an unknown or foreign id is a 404 page', async ({ page }) => {
    for (const path of ['/companies', '/locations', '/services', '/packages', '/agencies']) {
      const response = await page.goto(`${path}/00000000-0000-0000-0000-000000000000`);
      expect(response?.status(), path).toBe(404);
    }
  });
});
