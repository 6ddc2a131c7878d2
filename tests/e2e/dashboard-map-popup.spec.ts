/**
 * Issue 19, minor (map): the clinic popup offers directions and "Order at this clinic", which
 * opens the new-order form with that clinic chosen; in dark mode its links pass the contrast check.
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
    await expect(page.locator('#clinic-id')).toHaveValue(id);
  });
});
