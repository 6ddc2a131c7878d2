import fs from 'node:fs';
import { parse } from 'csv-parse/sync';
import { expect, test } from '@playwright/test';
import { apiOrders, screenshotAndAudit, signIn } from './helpers';

test.describe('Orders list', () => {
  test.beforeEach(async ({ page }) => {
    await signIn(page, 'manager');
  });

  test('shows the first page with its total, and pages through the URL', async ({ page }) => {
    const api = await apiOrders(page.request, { limit: 20 });
    await expect(page.getByTestId('orders-total')).toHaveText(String(api.total));
    await expect(page.locator('tbody tr')).toHaveCount(20);
    await expect(page.locator('tbody tr').first()).toContainText(api.data[0].code);
    await screenshotAndAudit(page, 'orders-list');

    await page.getByRole('button', { name: 'Next' }).click();
    await expect(page).toHaveURL(/[?&]page=2/);
    await expect(page.getByTestId('page-indicator')).toHaveText(`Page 2 of ${Math.ceil(api.total / 20)}`);
    const second = await apiOrders(page.request, { limit: 20, page: 2 });
    await expect(page.locator('tbody tr').first()).toContainText(second.data[0].code);

    // A shared link opens on the same page.
    await page.goto('/orders?page=3&limit=10');
    const third = await apiOrders(page.request, { limit: 10, page: 3 });
    await expect(page.getByTestId('page-indicator')).toHaveText(`Page 3 of ${Math.ceil(api.total / 10)}`);
    await expect(page.locator('tbody tr')).toHaveCount(10);
    await expect(page.locator('tbody tr').first()).toContainText(third.data[0].code);
    await page.goBack();
    await expect(page.getByTestId('page-indicator')).toHaveText(/Page 2 of/);
  });

  test('filters by status, company and search, kept in the URL', async ({ page }) => {
    const cancelled = await apiOrders(page.request, { status: 'cancelled', limit: 20 });
    await page.goto('/orders?status=cancelled');
    await expect(page.getByTestId('orders-total')).toHaveText(String(cancelled.total));
    const badges = page.locator('tbody tr td:nth-child(3)');
    await expect(badges.first()).toHaveText('Cancelled');
    for (const text of await badges.allTextContents()) expect(text).toBe('Cancelled');

    // Add a second status with the multi-select: the URL follows.
    await page.getByRole('button', { name: /Status/ }).click();
    const negative = page.getByRole('checkbox', { name: 'Negative', exact: true });
    await negative.click();
    await expect(negative).toBeChecked();
    await expect(page).toHaveURL(/status=cancelled%2Cnegative|status=cancelled,negative/);
    const both = await apiOrders(page.request, { status: 'cancelled,negative' });
    await expect(page.getByTestId('orders-total')).toHaveText(String(both.total));
    await page.keyboard.press('Escape');

    // Company filter.
    const company = page.getByLabel('Company');
    const companyId = await company.locator('option').nth(1).getAttribute('value');
    await company.selectOption(companyId!);
    await expect(page).toHaveURL(new RegExp(`companyId=${companyId}`));
    const byCompany = await apiOrders(page.request, { status: 'cancelled,negative', companyId: companyId! });
    await expect(page.getByTestId('orders-total')).toHaveText(String(byCompany.total));

    // Search by order code narrows to that order.
    await page.getByRole('button', { name: 'Clear filters' }).click();
    const [first] = (await apiOrders(page.request, { limit: 1, page: 5 })).data;
    await page.getByLabel('Search').fill(first.code);
    await expect(page).toHaveURL(/search=/);
    await expect(page.getByTestId('orders-total')).toHaveText('1');
    await expect(page.locator('tbody tr')).toHaveCount(1);
    await expect(page.locator('tbody tr').first()).toContainText(first.code);

    // Nothing matches: the empty state says so.
    await page.goto('/orders?search=zzzz-no-such-order');
    await expect(page.getByText('No orders match these filters')).toBeVisible();
  });

  test('filters by a date range and sorts oldest first', async ({ page }) => {
    await page.goto('/orders?from=2026-10-01&to=2026-10-15');
    const created = page.locator('tbody tr td:nth-child(6) time');
    await expect(created.first()).toBeVisible();
    for (const iso of await created.evaluateAll((els) => els.map((e) => e.getAttribute('datetime')!))) {
      expect(iso >= '2026-10-01T00:00:00.000Z' && iso < '2026-10-16T00:00:00.000Z').toBeTruthy();
    }
    const newestFirst = await created.evaluateAll((els) => els.map((e) => e.getAttribute('datetime')!));
    expect([...newestFirst].sort().reverse()).toEqual(newestFirst);

    await page.getByRole('button', { name: /Created/ }).click();
    await expect(page).toHaveURL(/sort=oldest/);
    await expect(page.locator('th[aria-sort="ascending"]')).toHaveCount(1);
    await expect.poll(async () => (await created.first().getAttribute('datetime'))! < newestFirst[0]).toBeTruthy();
    const oldestFirst = await created.evaluateAll((els) => els.map((e) => e.getAttribute('datetime')!));
    expect([...oldestFirst].sort()).toEqual(oldestFirst);
    expect(oldestFirst[0] >= '2026-10-01T00:00:00.000Z').toBeTruthy();
  });

  test('exports the filtered list as CSV, every page', async ({ page }) => {
    const api = await apiOrders(page.request, { status: 'pending,ordered' });
    await page.goto('/orders?status=pending,ordered');
    await expect(page.getByTestId('orders-total')).toHaveText(String(api.total));
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('export-csv').click()]);
    expect(download.suggestedFilename()).toMatch(/^orders-pending-ordered-\d{4}-\d{2}-\d{2}\.csv$/);
    const text = fs.readFileSync((await download.path())!, 'utf8').replace(/^\uFEFF/, '');
    // Every text cell is quoted (issue 26, finding 8): read it as CSV.
    const [header, ...rows] = parse(text) as string[][];
    expect(header.slice(0, 3)).toEqual(['code', 'id', 'status']);
    expect(rows).toHaveLength(api.total);
    expect(rows.every((row) => ['pending', 'ordered'].includes(row[2]))).toBe(true);
  });
});
