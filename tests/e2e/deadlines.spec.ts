/**
 * The clinic map's "open now" and capability filters (DESIGN.md 6.3): the filters change the list
 * (only clinics open now, in each clinic's zone), each entry shows its hours and open state.
 */
import { expect, test, type Page } from '@playwright/test';
import { screenshotAndAudit, signIn } from './helpers';

/** "1,234 clinics within 100 miles" -> 1234 */
async function total(page: Page): Promise<number> {
  const heading = page.getByRole('heading', { name: /clinics? within/ });
  await expect(heading).toBeVisible();
  return Number((await heading.textContent())!.match(/^([\d,]+)/)![1].replace(/,/g, ''));
}

test('the map: "open now" changes the list to open clinics; a capability narrows it; hours in each entry', async ({ page }) => {
  await signIn(page, 'manager', { to: '/clinics?where=75201&radius=100' });
  const all = await total(page);
  expect(all).toBeGreaterThan(5);
  await expect(page.getByTestId('clinic-hours').first()).toBeVisible();
  await expect(page.getByTestId('clinic-hours').first()).toContainText(/By appointment|Open 24 hours|Mon|Tue|Sat|Sun/);

  await page.getByTestId('filter-open-now').check();
  await expect(page).toHaveURL(/open=now/);
  await expect(page.getByTestId('search-origin')).toContainText('1 filter');
  const open = await total(page);
  // Clinics by appointment (and any closed now) are gone; every one listed says Open.
  expect(open).toBeLessThan(all);
  const states = await page.getByTestId('clinic-open-state').allTextContents();
  expect(states.length).toBeGreaterThan(0);
  expect(new Set(states)).toEqual(new Set(['Open']));
  await screenshotAndAudit(page, 'deadlines-map-open-now');

  await page.getByTestId('filter-capability-breathAlcohol').check();
  await expect(page).toHaveURL(/capabilities=breathAlcohol/);
  await expect(page.getByTestId('search-origin')).toContainText('2 filters');
  expect(await total(page)).toBeLessThanOrEqual(open);

  await page.getByTestId('filter-open-now').uncheck();
  await expect(page).not.toHaveURL(/open=now/);
});
