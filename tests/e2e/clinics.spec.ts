/**
 * The clinic map (/clinics): search by ZIP code, city, typed address and the browser's position;
 * results ranked by distance with pins on the map; highlighting between list and map; popup,
 * "load more", clustering; offline base layer; accessibility (axe: no serious or critical issue).
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

/** Searches from the form, as a person would. */
async function searchFor(page: Page, where: string) {
  await page.getByLabel('ZIP code, city or address').fill(where);
  await page.getByRole('button', { name: 'Search', exact: true }).click();
}

/** "1,234 clinics within 25 miles" -> 1234 */
const countIn = (heading: string) => Number(heading.match(/^([\d,]+)/)![1].replace(/,/g, ''));

const results = (page: Page) => page.getByTestId('clinic-result');
const mapMarkers = (page: Page) => page.locator('.leaflet-marker-pane').locator('[data-testid=clinic-marker], [data-testid=clinic-cluster]');

/** The distances shown in the list, in miles, in list order. */
async function shownMiles(page: Page): Promise<number[]> {
  const texts = await page.getByTestId('clinic-distance').allTextContents();
  return texts.map((t) => Number.parseFloat(t));
}

/** A clinic pin that is not covered by another marker (so that a real mouse can hover it). */
async function topmostPinId(page: Page, except?: string): Promise<string> {
  const id = await page.evaluate((skip) => {
    for (const el of document.querySelectorAll<HTMLElement>('.leaflet-marker-pane [data-testid=clinic-marker]')) {
      if (el.dataset.clinicId === skip) continue;
      const r = el.getBoundingClientRect();
      const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
      if (hit && el.contains(hit)) return el.dataset.clinicId ?? null;
    }
    return null;
  }, except ?? null);
  expect(id, 'a clinic pin not covered by another marker').toBeTruthy();
  return id!;
}

test.describe('Clinic map', () => {
  test.beforeEach(async ({ page }) => {
    await signIn(page);
  });

  test('search by ZIP code shows pins and a list ranked by distance', async ({ page }) => {
    await page.goto('/clinics');
    await expect(page.getByRole('heading', { level: 1, name: 'Find clinics' })).toBeVisible();
    // Before a search: the offline base layer (US state outlines) is drawn without any tile server.
    await expect(page.locator('.leaflet-overlay-pane path.us-state, .leaflet-pane path.us-state').first()).toBeAttached();
    await expect(page.locator('.leaflet-tile')).toHaveCount(0);

    await searchFor(page, '75201');
    await expect(page).toHaveURL(/[?&]where=75201/);
    await expect(results(page).first()).toBeVisible();
    await expect(page.getByTestId('search-origin')).toContainText('ZIP code 75201');

    const count = await results(page).count();
    expect(count).toBeGreaterThan(0);
    expect(count).toBeLessThanOrEqual(20);
    const miles = await shownMiles(page);
    expect(miles).toHaveLength(count);
    for (let i = 1; i < miles.length; i++) expect(miles[i], `distance ${i + 1} >= distance ${i}`).toBeGreaterThanOrEqual(miles[i - 1]);
    expect(Math.max(...miles)).toBeLessThanOrEqual(25);
    await expect(page.getByRole('heading', { level: 2, name: /\d+ clinics? within 25 miles/ })).toBeVisible();

    // Pins (and clusters of pins) on the map, and the search radius.
    await expect(mapMarkers(page).first()).toBeVisible();
    expect(await mapMarkers(page).count()).toBeGreaterThan(0);
    await expect(page.locator('path.search-radius')).toBeAttached();

    await page.screenshot({ path: `${SCREENSHOTS}/clinics.png` });
  });

  test('hovering a list item highlights its pin, and hovering a pin highlights its list item', async ({ page }) => {
    await page.goto('/clinics?where=75201');
    await expect(results(page).first()).toBeVisible();
    await expect(page.getByTestId('clinic-marker').first()).toBeVisible();

    const first = await topmostPinId(page);
    await page.locator(`[data-testid=clinic-result][data-clinic-id="${first}"]`).hover();
    await expect(page.locator(`.leaflet-marker-pane [data-clinic-id="${first}"]`)).toHaveClass(/is-highlighted/);
    await expect(page.locator(`[data-testid=clinic-result][data-clinic-id="${first}"]`)).toHaveAttribute('data-highlighted', 'true');

    const second = await topmostPinId(page, first);
    await page.locator(`.leaflet-marker-pane [data-clinic-id="${second}"]`).hover();
    await expect(page.locator(`[data-testid=clinic-result][data-clinic-id="${second}"]`)).toHaveAttribute('data-highlighted', 'true');
    await expect(page.locator(`[data-testid=clinic-result][data-clinic-id="${first}"]`)).toHaveAttribute('data-highlighted', 'false');
    await expect(page.locator(`.leaflet-marker-pane [data-clinic-id="${second}"]`)).toHaveClass(/is-highlighted/);

    // A click on the pin opens its popup: name, address, phone, distance and services.
    await page.locator(`.leaflet-marker-pane [data-clinic-id="${second}"]`).click();
    const popup = page.getByTestId('clinic-popup');
    await expect(popup).toBeVisible();
    const item = page.locator(`[data-testid=clinic-result][data-clinic-id="${second}"]`);
    const name = (await item.getByRole('button').first().textContent())!.replace(/^\d+\.\s*/, '').trim();
    await expect(popup).toContainText(name);
    await expect(popup).toContainText(/miles away/);
    await expect(popup).toContainText('Services you can order here');
    await expect(popup.getByRole('link', { name: /\(\d{3}\) \d{3}-\d{4}/ })).toBeVisible();
    await page.screenshot({ path: `${SCREENSHOTS}/clinics-popup.png` });
  });

  test('keyboard: a pin is a focusable button that opens its popup with Enter', async ({ page }) => {
    await page.goto('/clinics?where=75201');
    const pin = page.locator('.leaflet-marker-pane [data-testid=clinic-marker]').first();
    await expect(pin).toBeVisible();
    await expect(pin).toHaveAttribute('role', 'button');
    await expect(pin).toHaveAttribute('aria-label', /^\d+\. .+ miles away$/);
    const id = await pin.getAttribute('data-clinic-id');
    await pin.focus();
    await expect(page.locator(`[data-testid=clinic-result][data-clinic-id="${id}"]`)).toHaveAttribute('data-highlighted', 'true');
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('clinic-popup')).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.getByTestId('clinic-popup')).toHaveCount(0);
  });

  test('a wide search pages 20 at a time with "load more" and clusters what is shown', async ({ page }) => {
    await page.goto('/clinics?where=Dallas%2C%20TX&radius=250');
    await expect(results(page)).toHaveCount(20);
    const heading = page.getByRole('heading', { level: 2, name: /clinics within 250 miles/ });
    const total = countIn((await heading.textContent())!);
    expect(total).toBeGreaterThan(20);
    await expect(page.getByTestId('clinic-cluster').first()).toBeVisible();

    await page.getByTestId('load-more').click();
    await expect(results(page)).toHaveCount(Math.min(40, total));
    const miles = await shownMiles(page);
    for (let i = 1; i < miles.length; i++) expect(miles[i]).toBeGreaterThanOrEqual(miles[i - 1]);
    await expect(page.getByTestId('results-summary')).toContainText(`Showing ${Math.min(40, total)} of ${total}`);

    // A cluster zooms in when activated; more single pins show afterwards.
    const pinsBefore = await page.getByTestId('clinic-marker').count();
    await page.getByTestId('clinic-cluster').first().click({ force: true });
    await expect.poll(() => page.getByTestId('clinic-marker').count()).toBeGreaterThan(pinsBefore);
  });

  test('a typed address is read by its ZIP code, a city by "City, ST", and an unknown place says so', async ({ page }) => {
    await page.goto('/clinics');
    await searchFor(page, '1600 Main St, Dallas, TX 75201');
    await expect(results(page).first()).toBeVisible();
    await expect(page.getByTestId('where-note')).toContainText('ZIP code 75201');

    await searchFor(page, 'Fort Worth, TX');
    await expect(page).toHaveURL(/where=Fort\+Worth%2C\+TX|where=Fort%20Worth%2C%20TX/);
    await expect(page.getByTestId('search-origin')).toContainText('Fort Worth, TX');
    await expect(results(page).first()).toBeVisible();

    await searchFor(page, 'Nowhere Special');
    await expect(page.getByText('is not a ZIP code or a City, ST')).toBeVisible();
    await expect(page.getByLabel('ZIP code, city or address')).toHaveAttribute('aria-invalid', 'true');
  });

  test('filters by radius, service and package narrow the results', async ({ page }) => {
    await page.goto('/clinics?where=75201');
    await expect(results(page).first()).toBeVisible();
    const heading = page.getByRole('heading', { level: 2, name: /within 25 miles/ });
    const all = countIn((await heading.textContent())!);

    await page.getByLabel('Within', { exact: true }).selectOption('10');
    await expect(page).toHaveURL(/radius=10/);
    await expect(page.getByRole('heading', { level: 2, name: /within 10 miles/ })).toBeVisible();
    expect(Math.max(...(await shownMiles(page)))).toBeLessThanOrEqual(10);

    // Package names repeat across companies (the label then names the company): take the first.
    const value = await page.getByLabel('Package', { exact: true }).locator('option', { hasText: 'DOT Drug & Alcohol' }).first().getAttribute('value');
    await page.getByLabel('Package', { exact: true }).selectOption(value!);
    await expect(page).toHaveURL(/package=/);
    await expect(page.getByTestId('search-origin')).toContainText('1 filter');

    await page.locator('summary', { hasText: 'Any service' }).click();
    await page.getByRole('checkbox').first().check();
    await expect(page).toHaveURL(/services=/);
    await expect(page.getByTestId('search-origin')).toContainText('2 filters');
    const filtered = page.getByRole('heading', { level: 2, name: /within 10 miles/ });
    await expect(filtered).toBeVisible();
    expect(countIn((await filtered.textContent())!)).toBeLessThanOrEqual(all);
  });

  test('the browser position: used when allowed, a clear message when refused', async ({ page, context }) => {
    await page.goto('/clinics');
    await page.getByRole('button', { name: 'Use my location' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'Location access was refused' })).toBeVisible();

    await context.grantPermissions(['geolocation']);
    await context.setGeolocation({ latitude: 32.7767, longitude: -96.797 });
    await page.getByRole('button', { name: 'Use my location' }).click();
    await expect(page).toHaveURL(/lat=32\.7767&long=-96\.797/);
    await expect(page.getByTestId('search-origin')).toContainText('your location');
    await expect(results(page).first()).toBeVisible();
  });

  test('no serious or critical accessibility issues (empty and with results)', async ({ page }) => {
    await page.goto('/clinics');
    await expect(page.locator('path.us-state').first()).toBeAttached();
    await expectNoSeriousA11yViolations(page);
    await page.goto('/clinics?where=75201');
    await expect(results(page).first()).toBeVisible();
    await expect(mapMarkers(page).first()).toBeVisible();
    await expectNoSeriousA11yViolations(page);
  });
});
