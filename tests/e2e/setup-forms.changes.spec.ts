/**
 * Setting up a customer from the reference pages (DESIGN.md 6.4): an admin creates a company, a
 * location (an unknown ZIP code is refused on its field) and a package of two services from the
 * catalog, sees how many clinics near the location offer both, renames, and deactivates the package.
 */
import { expect, test, type Page } from '@playwright/test';
import { screenshotAndAudit, signIn } from './helpers';

const stamp = Date.now().toString(36);
const COMPANY = `Bluebonnet Freight ${stamp}`;
const LOCATION = `Deep Ellum Yard ${stamp}`;
const PACKAGE = `DOT Drug & Alcohol ${stamp}`;
/** A save navigates or refreshes a server-rendered page: generous on a busy machine. */
const SAVED = { timeout: 30_000 };

async function fillAddress(dialog: ReturnType<Page['getByRole']>, zip: string) {
  await dialog.getByLabel('Street').fill('2100 Ross Ave');
  await dialog.getByLabel('City').fill('Dallas');
  await dialog.getByLabel('State').fill('TX');
  await dialog.getByLabel('ZIP code').fill(zip);
}

test.describe('company, location and package forms (admin)', () => {
  test('create a company, a location with a real ZIP code, a package of two services; rename; deactivate the package', async ({ page }) => {
    // Many steps, each a server round trip and three accessibility checks: more than the default minute on a busy machine.
    test.setTimeout(240_000);
    await signIn(page, 'admin', { to: '/companies' });

    // -- Company --
    await page.getByRole('button', { name: 'New company' }).click();
    const companyDialog = page.getByRole('dialog', { name: 'New company' });
    await companyDialog.getByRole('button', { name: 'Create company' }).click();
    await expect(companyDialog.getByRole('textbox', { name: 'Name', exact: true })).toHaveAttribute('aria-invalid', 'true');
    await companyDialog.getByRole('textbox', { name: 'Name', exact: true }).fill(COMPANY);
    await companyDialog.getByLabel('Phone').fill('+12145550100');
    await fillAddress(companyDialog, '75201');
    await screenshotAndAudit(page, 'setup-company-dialog');
    await companyDialog.getByRole('button', { name: 'Create company' }).click();
    await expect(page.getByRole('heading', { level: 1, name: COMPANY })).toBeVisible(SAVED);
    const companyUrl = page.url();

    // -- Location: an unknown ZIP code is refused on its field, then a real one --
    await page.getByRole('button', { name: 'New location' }).click();
    const locationDialog = page.getByRole('dialog', { name: 'New location' });
    await locationDialog.getByRole('textbox', { name: 'Name', exact: true }).fill(LOCATION);
    await fillAddress(locationDialog, '00000');
    await locationDialog.getByRole('button', { name: 'Create location' }).click();
    const zip = locationDialog.getByLabel('ZIP code');
    await expect(zip).toHaveAttribute('aria-invalid', 'true');
    await expect(locationDialog.getByText('postalCode "00000" is not a known US ZIP code.')).toBeVisible();
    await expect(zip).toBeFocused();
    await screenshotAndAudit(page, 'setup-location-zip-error');
    await zip.fill('75226');
    await locationDialog.getByRole('button', { name: 'Create location' }).click();
    await expect(page.getByRole('heading', { level: 1, name: LOCATION })).toBeVisible(SAVED);
    await expect(page.getByText(COMPANY).first()).toBeVisible();

    // -- Package: two services from the catalog, and the clinics near the location offering both --
    await page.goto('/packages');
    await page.getByRole('button', { name: 'New package' }).click();
    const packageDialog = page.getByRole('dialog', { name: 'New package' });
    await packageDialog.getByRole('textbox', { name: 'Name', exact: true }).fill(PACKAGE);
    await packageDialog.getByLabel('Company').selectOption({ label: COMPANY });
    await packageDialog.getByRole('checkbox', { name: /^DOT 5-Panel Urine Drug Screen/ }).check();
    await packageDialog.getByLabel('Find a service').fill('breath');
    await packageDialog.getByRole('checkbox', { name: /^DOT Breath Alcohol Test/ }).check();
    await expect(packageDialog.getByText('2 of up to 20 chosen')).toBeVisible();
    const check = packageDialog.getByTestId('clinic-check');
    await expect(check).toContainText(/\d+ clinics? within 25 miles of 75226 offers? all 2 services/, SAVED);
    const count = Number(/(\d+) clinic/.exec((await check.textContent()) ?? '')?.[1]);
    expect(count).toBeGreaterThan(0);
    await screenshotAndAudit(page, 'setup-package-editor');
    await packageDialog.getByRole('button', { name: 'Create package' }).click();
    await expect(page.getByRole('heading', { level: 1, name: PACKAGE })).toBeVisible(SAVED);
    await expect(page.getByRole('row').filter({ hasText: 'DOT Breath Alcohol Test' })).toBeVisible();

    // -- Rename the package and the company --
    await page.getByRole('button', { name: 'Edit package' }).click();
    const editPackage = page.getByRole('dialog', { name: `Edit ${PACKAGE}` });
    await editPackage.getByRole('textbox', { name: 'Name', exact: true }).fill(`${PACKAGE} (2027)`);
    await editPackage.getByRole('button', { name: 'Save changes' }).click();
    await expect(page.getByRole('heading', { level: 1, name: `${PACKAGE} (2027)` })).toBeVisible(SAVED);

    // -- Deactivate the package, after the confirmation --
    await page.getByRole('button', { name: 'Deactivate package' }).click();
    const confirm = page.getByRole('dialog', { name: `Deactivate ${PACKAGE} (2027)?` });
    await expect(confirm).toContainText('It can no longer be ordered.');
    await confirm.getByRole('button', { name: 'Deactivate', exact: true }).click();
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Inactive', SAVED);
    await expect(page.getByRole('button', { name: 'Reactivate package' })).toBeVisible();
    await screenshotAndAudit(page, 'setup-package-inactive');
    // Listed only under the Inactive status.
    await page.goto(`/packages?name=${encodeURIComponent(stamp)}`);
    await expect(page.getByRole('link', { name: `${PACKAGE} (2027)` })).toHaveCount(0);
    await page.goto(`/packages?name=${encodeURIComponent(stamp)}&isActive=false`);
    await expect(page.getByRole('link', { name: `${PACKAGE} (2027)` })).toBeVisible();

    await page.goto(companyUrl);
    await page.getByRole('button', { name: 'Edit company' }).click();
    const editCompany = page.getByRole('dialog', { name: `Edit ${COMPANY}` });
    await editCompany.getByRole('textbox', { name: 'Name', exact: true }).fill(`${COMPANY} Inc.`);
    await editCompany.getByRole('button', { name: 'Save changes' }).click();
    await expect(page.getByRole('heading', { level: 1, name: `${COMPANY} Inc.` })).toBeVisible(SAVED);
  });

  test('a manager sees no create or edit buttons', async ({ page }) => {
    await signIn(page, 'manager', { to: '/companies' });
    await expect(page.getByRole('heading', { level: 1, name: 'Companies' })).toBeVisible(SAVED);
    await expect(page.getByRole('button', { name: 'New company' })).toHaveCount(0);
    await page.goto('/packages');
    await expect(page.getByRole('button', { name: 'New package' })).toHaveCount(0);
  });
});
