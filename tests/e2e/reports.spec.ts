/** The MIS report in the dashboard (DESIGN.md 7.5; issue 33): the demo tenant's FMCSA report, and its PDF. */
import fs from 'node:fs';
import { expect, test } from '@playwright/test';
import { screenshotAndAudit, signIn } from './helpers';

test.describe('Reports: the DOT MIS report', () => {
  test('opens the demo tenant\'s FMCSA report of the year and downloads its PDF', async ({ page }) => {
    await signIn(page, 'admin', { to: '/reports' });
    await expect(page.getByRole('heading', { name: 'Reports', level: 1 })).toBeVisible();
    const year = String(new Date().getUTCFullYear());
    await expect(page.getByLabel('Year')).toHaveValue(year);
    await expect(page.getByLabel('Agency')).toHaveValue('FMCSA');
    // Acme's trucking company, the one with FMCSA drivers and orders.
    await page.getByLabel('Company').selectOption({ label: 'Acme Freight Lines' });
    await page.getByRole('button', { name: 'Show report' }).click();
    await page.waitForURL(/companyId=/);
    // Sections I–IV and the unplaced list.
    await expect(page.getByRole('heading', { name: 'I. Employer' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'II. Covered employees' })).toBeVisible();
    const drug = page.getByRole('table', { name: /Drug testing data/ });
    await expect(drug).toBeVisible();
    await expect(page.getByRole('table', { name: /Alcohol testing data/ })).toBeVisible();
    await expect(drug.getByRole('row')).toHaveCount(8); // the header and 7 rows
    expect(Number(await page.locator('[data-cell="total.totalResults"]').first().textContent())).toBeGreaterThan(0);
    await expect(page.getByRole('heading', { name: /Not placed on the form \(\d+\)/ })).toBeVisible();
    await screenshotAndAudit(page, 'reports-mis');

    const [file] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Download PDF' }).click()]);
    expect(file.suggestedFilename()).toMatch(new RegExp(`^mis-FMCSA-${year}-[a-z0-9-]+\\.pdf$`));
    const bytes = fs.readFileSync((await file.path())!);
    expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    // Pages: one category, its two pages (Sections I–III, then Section IV).
    const { PDFDocument } = await import('pdf-lib');
    expect((await PDFDocument.load(bytes)).getPageCount()).toBe(2);
  });
});
