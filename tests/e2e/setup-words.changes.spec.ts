/**
 * Setup dialogs in plain words (issue 29): a company dialog's missing and out-of-range members are
 * said in the words every form uses (lib/domain/issue-words.ts), never zod's ("Too small: expected
 * string to have >=1 characters"); a state typed "tx" is kept as "TX"; the company and location
 * pages open the package editor with the company (and the location) chosen.
 */
import { expect, test } from '@playwright/test';
import { screenshotAndAudit, signIn } from './helpers';

const stamp = Date.now().toString(36);
const COMPANY = `Pecos Haulage ${stamp}`;
const SAVED = { timeout: 30_000 };

test('company dialog errors in words, a lower-case state stored upper case, and New package on the company and location pages', async ({ page }) => {
  test.setTimeout(180_000);
  await signIn(page, 'admin', { to: '/companies' });
  await page.getByRole('button', { name: 'New company' }).click();
  const dialog = page.getByRole('dialog', { name: 'New company' });
  await dialog.getByLabel('Street').fill('2100 Ross Ave');
  await dialog.getByRole('button', { name: 'Create company' }).click();
  const name = dialog.getByRole('textbox', { name: 'Name', exact: true });
  await expect(name).toHaveAttribute('aria-invalid', 'true');
  await expect(dialog.locator(`#${await name.getAttribute('id')}-error`)).toHaveText('Required.');
  await expect(dialog.getByLabel('City')).toHaveAttribute('aria-invalid', 'true');
  const messages = await dialog.locator('[id$="-error"]').allTextContents();
  expect(messages.length).toBeGreaterThan(1);
  for (const message of messages) expect(message).not.toMatch(/Too small|Too big|Invalid input|expected|received|Invalid…/);
  await screenshotAndAudit(page, 'setup-company-words');

  await name.fill(COMPANY);
  await dialog.getByLabel('City').fill('Dallas');
  await dialog.getByLabel('State').fill('tx');
  await dialog.getByLabel('ZIP code').fill('75201');
  await dialog.getByRole('button', { name: 'Create company' }).click();
  await expect(page.getByRole('heading', { level: 1, name: COMPANY })).toBeVisible(SAVED);
  await expect(page.getByText(/Dallas, TX 75201/).first()).toBeVisible();
  await expect(page.getByText(/Dallas, tx/)).toHaveCount(0);

  // New package from the company page: the company comes chosen.
  await page.getByRole('button', { name: 'New package' }).click();
  const editor = page.getByRole('dialog', { name: 'New package' });
  await expect(editor.getByLabel('Company')).toHaveValue(/.+/);
  await expect(editor.getByLabel('Company').locator('option:checked')).toHaveText(COMPANY);
  await editor.getByRole('button', { name: 'Cancel' }).click();

  // New package from a location page: its company and the location come chosen.
  await page.goto('/locations');
  await page.getByRole('link', { name: 'Dallas Terminal' }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: 'Dallas Terminal' })).toBeVisible(SAVED);
  await page.getByRole('button', { name: 'New package' }).click();
  const atLocation = page.getByRole('dialog', { name: 'New package' });
  await expect(atLocation.getByLabel('Orderable at').locator('option:checked')).toHaveText('Dallas Terminal');
  await screenshotAndAudit(page, 'setup-location-new-package');
});
