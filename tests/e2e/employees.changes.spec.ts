/**
 * The roster in the dashboard (DESIGN.md 7.1, issue 31): an admin adds an employee and finds them
 * by "Last, First", imports a small roster from a CSV file (a wrong line named by line and column
 * first, then the dry run's counts, then Apply), sees the imported people in the list, and
 * deactivates one. A viewer reads the roster without any button that changes it.
 */
import { expect, test, type Page } from '@playwright/test';
import { EMPLOYEE_COLUMNS } from '../../lib/domain/employees/schemas';
import { DEMO } from '../../lib/seed';
import { screenshotAndAudit, signIn } from './helpers';

/** Unique per run: the e2e server may be reused between runs. */
const stamp = Date.now().toString(36).slice(-6).toUpperCase();
const HEADER = EMPLOYEE_COLUMNS.join(',');
const company = DEMO.acme.companies.primary;

/** A roster line in the documented column order. */
function line(values: Partial<Record<(typeof EMPLOYEE_COLUMNS)[number], string>>): string {
  return EMPLOYEE_COLUMNS.map((c) => values[c] ?? '').join(',');
}

async function checkFile(page: Page, lines: string[]) {
  await page.getByLabel('CSV file (UTF-8, up to 10 MiB)').setInputFiles({ name: 'roster.csv', mimeType: 'text/csv', buffer: Buffer.from([HEADER, ...lines].join('\n')) });
  await page.getByRole('button', { name: 'Check the file' }).click();
}

async function search(page: Page, text: string) {
  await page.goto(`/employees?search=${encodeURIComponent(text)}`);
  return page.getByRole('table', { name: 'Employees' }).locator('tbody tr');
}

test('an admin adds an employee, finds them by "Last, First", imports a roster and deactivates one', async ({ page }) => {
  await signIn(page, 'admin', { to: '/employees' });
  await expect(page.getByRole('heading', { level: 1, name: 'Employees' })).toBeVisible();

  // Add one: the form's own checks first (required names), then the API's answer.
  await page.getByRole('button', { name: 'Add employee' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add employee' });
  await dialog.getByLabel('Employee id').fill(`E2E-${stamp}-1`);
  await dialog.getByRole('button', { name: 'Add employee' }).click();
  await expect(dialog.getByLabel('First name')).toHaveAttribute('aria-invalid', 'true');
  await dialog.getByLabel('First name').fill('Rosalind');
  await dialog.getByLabel('Last name').fill(`Quimby${stamp}`);
  await dialog.getByLabel('Agency').selectOption({ label: 'FMCSA — Federal Motor Carrier Safety Administration' });
  await dialog.getByLabel('Job category').selectOption({ label: 'CDL Driver' });
  await dialog.getByLabel('CDL number').fill('D1234567');
  await dialog.getByLabel('State', { exact: true }).fill('tx');
  await dialog.getByRole('button', { name: 'Add employee' }).click();
  await expect(page).toHaveURL(/\/employees\/[^/]+$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Quimby${stamp}, Rosalind`);
  await expect(page.getByText('FMCSA · CDL Driver')).toBeVisible();
  // The admin holds order.participant.read: the CDL number in full.
  await expect(page.getByTestId('cdl')).toHaveText('D1234567 (TX)');

  // Found by "Last, First" (the beginnings of both names).
  const found = await search(page, `quimby${stamp.toLowerCase()}, ros`);
  await expect(found).toHaveCount(1);
  await expect(found.first()).toContainText(`Quimby${stamp}, Rosalind`);
  await expect(found.first()).toContainText(`E2E-${stamp}-1`);
  await screenshotAndAudit(page, 'employees-list');

  // Import: a wrong line is named by line and column, and nothing can be applied.
  await page.goto('/employees');
  await page.getByRole('link', { name: 'Import roster' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Import roster' })).toBeVisible();
  const good = [
    line({ externalId: `E2E-${stamp}-2`, companyId: company, firstName: 'Ottilie', lastName: `Vance${stamp}`, agency: 'FMCSA', status: 'active' }),
    line({ externalId: `E2E-${stamp}-3`, companyId: company, firstName: 'Bram', lastName: `Vance${stamp}`, status: 'active' }),
  ];
  await checkFile(page, [good[0], line({ externalId: `E2E-${stamp}-3`, companyId: company, firstName: 'Bram', lastName: '' })]);
  const errors = page.getByRole('table', { name: 'What is wrong, by line' }).locator('tbody tr');
  await expect(errors).toHaveCount(1);
  await expect(errors.first().locator('td').nth(0)).toHaveText('3');
  await expect(errors.first().locator('td').nth(1)).toHaveText('lastName');
  await expect(page.getByText('Fix these lines, then check the file again')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Apply' })).toHaveCount(0);

  // The fixed file: the dry run's counts, then Apply.
  await checkFile(page, good);
  const summary = page.getByRole('group', { name: 'Summary' });
  await expect(summary).toContainText('2 new');
  await expect(summary).toContainText('0 updated');
  await expect(summary).toContainText('0 deactivated');
  await expect(summary).toContainText('0 errors');
  await screenshotAndAudit(page, 'employees-import-dry-run');
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page.getByText('The roster is imported')).toBeVisible();
  await expect(page.getByText('2 employees added, 0 employees updated, 0 employees deactivated.')).toBeVisible();

  // The list shows them; one is non-DOT.
  const imported = await search(page, `Vance${stamp}`);
  await expect(imported).toHaveCount(2);
  await expect(imported.filter({ hasText: `Vance${stamp}, Bram` })).toContainText('Non-DOT');
  await expect(imported.filter({ hasText: `Vance${stamp}, Ottilie` })).toContainText('FMCSA');

  // Deactivate one: nothing deleted, the list says since when.
  await imported.filter({ hasText: `Vance${stamp}, Bram` }).getByRole('link').click();
  await page.getByRole('button', { name: 'Deactivate employee' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Deactivate', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Inactive');
  await expect(page.getByRole('button', { name: 'Reactivate employee' })).toBeVisible();
  await page.goto(`/employees?search=Vance${stamp}&status=inactive`);
  const inactive = page.getByRole('table', { name: 'Employees' }).locator('tbody tr');
  await expect(inactive).toHaveCount(1);
  await expect(inactive.first()).toContainText(`Vance${stamp}, Bram`);
});

test('a viewer reads the roster but sees no button that changes it', async ({ page }) => {
  await signIn(page, 'viewer', { to: '/employees' });
  await expect(page.getByRole('heading', { level: 1, name: 'Employees' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Add employee' })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Import roster' })).toHaveCount(0);
  const rows = page.getByRole('table', { name: 'Employees' }).locator('tbody tr');
  await rows.first().getByRole('link').first().click();
  await expect(page).toHaveURL(/\/employees\/[^/]+$/);
  await expect(page.getByRole('heading', { name: 'Details' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Edit employee' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: /Deactivate|Reactivate/ })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Order a test' })).toHaveCount(0);
  // The import page itself refuses the viewer.
  await page.goto('/employees/import');
  await expect(page.getByRole('heading', { level: 1, name: 'Import roster' })).toHaveCount(0);
});
