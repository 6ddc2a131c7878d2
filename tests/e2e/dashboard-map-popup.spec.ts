/**
 * Issue 19, minor (map): the clinic popup offers directions and "Order at this clinic", which
 * opens the new-order form with that clinic chosen; in dark mode its links pass the contrast check.
 * Issue 29: the form shows the chosen clinic by name (read-only, removable), refuses it for a
 * location too far from it, and a role that cannot order is not offered the action.
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { signIn } from './helpers';

/** The id of a clinic pin no other marker covers. */
async function topmostPinId(page: Page): Promise<string> {
  const id = await page.evaluate(() => {
    for (const el of document.querySelectorAll<HTMLElement>('.leaflet-marker-pane [data-testid=clinic-marker]')) {
      const r = el.getBoundingClientRect();
      const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
      if (hit && el.contains(hit)) return el.dataset.clinicId ?? null;
    }
    return null;
  });
  expect(id, 'a clinic pin not covered by another marker').toBeTruthy();
  return id!;
}

test.describe('Clinic popup', () => {
  test.use({ colorScheme: 'dark' });

  test('directions and "Order at this clinic"; its links pass the contrast check in dark mode', async ({ page }) => {
    await signIn(page, 'manager', { to: '/clinics?where=75201' });
    await expect(page.getByTestId('clinic-marker').first()).toBeVisible();
    const id = await topmostPinId(page);
    await page.locator(`.leaflet-marker-pane [data-clinic-id="${id}"]`).click();
    const popup = page.getByTestId('clinic-popup');
    await expect(popup).toBeVisible();
    const name = (await popup.getByRole('heading').textContent())!.replace(/^\d+\.\s*/, '').trim();

    const directions = popup.getByTestId('clinic-popup-directions');
    await expect(directions).toHaveAttribute('href', /^https:\/\/www\.openstreetmap\.org\/directions\?to=-?\d/);
    await expect(directions).toHaveAttribute('target', '_blank');

    // The popup's own links (the opening hours inside it are the clinic-hours component's).
    const { violations } = await new AxeBuilder({ page })
      .include('[data-testid="clinic-popup-phone"]')
      .include('[data-testid="clinic-popup-order"]')
      .include('[data-testid="clinic-popup-directions"]')
      .withRules(['color-contrast'])
      .analyze();
    expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);

    await popup.getByTestId('clinic-popup-order').click();
    await page.waitForURL(/\/orders\/new\?clinic=/);
    await expect(page.getByTestId('preset-clinic')).toContainText(name);
    await expect(page.getByRole('radio', { name: 'A specific clinic' })).toBeChecked();
    // Shown by name, not as an id to type: the id travels in the form, read-only.
    await expect(page.getByLabel('Clinic id')).toHaveCount(0);
    await expect(page.locator('input[type=hidden][name="settings.schedule.clinic.id"]')).toHaveValue(id);
  });

  test('the chosen clinic is refused for a far location, offered again for a near one, and removable', async ({ page }) => {
    await signIn(page, 'manager', { to: '/clinics?where=75201' });
    await expect(page.getByTestId('clinic-marker').first()).toBeVisible();
    const id = await topmostPinId(page);
    await page.locator(`.leaflet-marker-pane [data-clinic-id="${id}"]`).click();
    const name = (await page.getByTestId('clinic-popup').getByRole('heading').textContent())!.replace(/^\d+\.\s*/, '').trim();
    await page.getByTestId('clinic-popup-order').click();
    await page.waitForURL(/\/orders\/new\?clinic=/);
    const chosen = page.getByTestId('preset-clinic');
    const clinicId = page.locator('input[type=hidden][name="settings.schedule.clinic.id"]');

    // A Dallas clinic for the Dallas location: its distance is shown.
    await selectLocation(page, 'Dallas Terminal');
    await expect(chosen).toContainText(name);
    await expect(chosen).toContainText(/\d+\.\d miles from the location/);
    await expect(clinicId).toHaveValue(id);

    // The same clinic for Seattle: refused, with why; the clinic is no longer chosen.
    await selectLocation(page, 'Seattle Air Cargo');
    await expect(page.getByTestId('preset-clinic-far')).toContainText(`${name} is too far from this location`);
    await expect(page.getByTestId('preset-clinic-far')).toContainText('must be within 25 miles');
    await expect(chosen).toHaveCount(0);
    await expect(clinicId).toHaveCount(0);

    // Back to Dallas: chosen again; then removed, and the nearby clinics are offered instead.
    await selectLocation(page, 'Dallas Terminal');
    await expect(chosen).toContainText(name);
    await chosen.getByRole('button', { name: `Remove ${name}` }).click();
    await expect(chosen).toHaveCount(0);
    await expect(page.getByTestId('preset-clinic-far')).toHaveCount(0);
    await expect(page.getByText('Clinics near the location (75207) offering every service of the package, nearest first.')).toBeVisible();
  });

  test('a viewer, who cannot order, is not offered "Order at this clinic"', async ({ page }) => {
    await signIn(page, 'viewer', { to: '/clinics?where=75201' });
    await expect(page.getByTestId('clinic-marker').first()).toBeVisible();
    await page.locator(`.leaflet-marker-pane [data-clinic-id="${await topmostPinId(page)}"]`).click();
    const popup = page.getByTestId('clinic-popup');
    await expect(popup.getByTestId('clinic-popup-directions')).toBeVisible();
    await expect(popup.getByTestId('clinic-popup-order')).toHaveCount(0);
  });
});

async function selectLocation(page: Page, name: string) {
  const option = page.locator('#location option', { hasText: name }).first();
  await page.locator('#location').selectOption((await option.getAttribute('value'))!);
}
