/**
 * The clinic network from the dashboard (issue 29): an admin downloads the template, uploads a CSV
 * file, sees the dry run's report by line (a rejected line blocks the import), uploads the fixed
 * file, imports it, and finds the new clinics on the clinic map. The services page shows the
 * external ids the file's `services` column names.
 */
import fs from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { CLINIC_COLUMNS } from '../../lib/domain/clinics/import-clinics';
import { screenshotAndAudit, signIn } from './helpers';

const HEADER = CLINIC_COLUMNS.join(',');
/** A line of every column: externalId, name, city, state, ZIP and services; the rest empty. */
const line = (externalId: string, name: string, zip: string, services: string, state = 'MT') => `${externalId},${name},,,,Missoula,${state},${zip},,,,,${services},,,`;

async function checkFile(page: Page, lines: string[]) {
  await page.getByLabel('CSV file (UTF-8, up to 5 MiB)').setInputFiles({ name: 'clinics.csv', mimeType: 'text/csv', buffer: Buffer.from([HEADER, ...lines].join('\n')) });
  await page.getByRole('button', { name: 'Check the file' }).click();
}

const reportRows = (page: Page) => page.getByRole('table', { name: 'The file by line' }).locator('tbody tr');

test('an admin imports clinics from a CSV file: template, dry run by line, import, then the clinics are on the map', async ({ page }) => {
  await signIn(page, 'admin', { to: '/clinics' });
  await page.getByRole('link', { name: 'Import clinics' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Import clinics' })).toBeVisible();

  // The template: the importer's columns and an example line naming Acme's services by external id.
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Download the template' }).click()]);
  expect(download.suggestedFilename()).toBe('clinics-template.csv');
  const template = fs.readFileSync(await download.path(), 'utf8');
  const [header, example] = template.split('\r\n');
  expect(header).toBe(HEADER);
  expect(example).toMatch(/^clinic-0001,Downtown Occupational Health,/);
  expect(example).toContain('dotUrine:55.00');

  // A file with a wrong line: the report names it and why; nothing can be imported yet.
  await checkFile(page, [
    line('e2e-msla-1', 'Missoula Collection Center', '59801', 'dotUrine:55'),
    line('e2e-msla-2', 'Reserve Street Clinic', '59808', 'dotUrine:55;noSuchService:20'),
  ]);
  await expect(reportRows(page)).toHaveCount(2);
  await expect(reportRows(page).nth(0).locator('td')).toHaveText(['2', 'e2e-msla-1', 'New clinic', '']);
  await expect(reportRows(page).nth(1).locator('td')).toHaveText([
    '3',
    'e2e-msla-2',
    'Rejected',
    'services: "noSuchService" is neither the id nor the externalId of a service of this tenant.',
  ]);
  await expect(page.getByText('Fix the rejected lines, then check the file again')).toBeVisible();
  await expect(page.getByRole('button', { name: /^Import \d/ })).toHaveCount(0);
  await screenshotAndAudit(page, 'clinic-import-rejected');

  // The fixed file: two new clinics; import them.
  await checkFile(page, [
    line('e2e-msla-1', 'Missoula Collection Center', '59801', 'dotUrine:55'),
    line('e2e-msla-2', 'Reserve Street Clinic', '59808', 'dotUrine:55;nonDotUrine:48.50'),
  ]);
  await expect(reportRows(page)).toHaveCount(2);
  for (const row of [0, 1]) await expect(reportRows(page).nth(row)).toContainText('New clinic');
  await expect(page.getByLabel('Summary')).toContainText('2 new clinics');
  await page.getByRole('button', { name: 'Import 2 clinics' }).click();
  await expect(page.getByText('The clinics are imported')).toBeVisible();
  await expect(page.getByText('2 clinics added, 0 clinics updated.')).toBeVisible();

  // Checking the same file again: both lines are now unchanged.
  await page.getByRole('button', { name: 'Check the file' }).click();
  for (const row of [0, 1]) await expect(reportRows(page).nth(row)).toContainText('No change');

  // On the clinic map, searched near Missoula.
  await page.goto('/clinics?where=59801');
  const results = page.getByTestId('clinic-result');
  await expect(results.filter({ hasText: 'Missoula Collection Center' })).toHaveCount(1);
  await expect(results.filter({ hasText: 'Reserve Street Clinic' })).toHaveCount(1);
});

test('the services page shows each service\'s external id, the whole catalog for an admin', async ({ page }) => {
  // MVR is in no package of Acme's: only the whole catalog lists it.
  await signIn(page, 'admin', { to: '/services?catalog=true&name=MVR' });
  await expect(page.getByRole('columnheader', { name: 'External id' })).toBeVisible();
  const row = page.getByRole('row').filter({ hasText: 'Motor Vehicle Record (MVR) Check' });
  await expect(row).toContainText('mvr');
});

test('a manager (no clinic.write) is not offered the import', async ({ page }) => {
  await signIn(page, 'manager', { to: '/clinics' });
  await expect(page.getByRole('heading', { level: 1, name: 'Find clinics' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Import clinics' })).toHaveCount(0);
});
