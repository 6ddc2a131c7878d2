/**
 * Issue 16: the results inbox and the Documents panel. The manager opens /results, sees a
 * non-negative result first, opens its MRO letter, acknowledges it and the badge count drops; an
 * admin uploads a document on the order page; a viewer reads the inbox but no documents. Filters by
 * code and company; focus after acknowledging. Axe on both pages.
 */
import { expect, test } from '@playwright/test';
import { screenshotAndAudit, signIn, startSession, USERS } from './helpers';

const badgeCount = async (page: import('@playwright/test').Page) => Number(await page.getByTestId('nav-badge-results').first().innerText().then((t) => t.replace(/\D+/g, '')));

test.describe('Results inbox', () => {
  test('the manager sees a non-negative result first, opens its MRO letter, acknowledges it, and the badge drops', async ({ page }) => {
    await signIn(page, 'manager', { to: '/results' });
    await expect(page.getByRole('heading', { level: 1, name: 'Results' })).toBeVisible();
    const before = await badgeCount(page);
    expect(before).toBeGreaterThan(1);
    const first = page.getByTestId('result-row').first();
    // A verified positive: `nonNegative` (or the seed's `positive`), before refusals, adulterated and negatives.
    await expect(first).toHaveAttribute('data-status', /^(nonNegative|positive)$/);
    await expect(first.getByText('Needs action')).toBeVisible();
    // In the words of its MRO letter ("POSITIVE - verified by the MRO"), not "Non-negative".
    await expect(first).toContainText(/Positive/);
    await expect(first).not.toContainText('Non-negative');
    await screenshotAndAudit(page, 'results-inbox');

    const letter = first.locator('a[data-document-type="mroLetter"]');
    await expect(letter).toBeVisible();
    const href = await letter.getAttribute('href');
    expect(href).toMatch(/^\/api\/v2\/documents\/[^/]+\/content$/);
    // It opens in a new tab, which asks for the document (a browser without a PDF viewer, like the
    // headless shell, then saves it; one with a viewer shows it inline, as Content-Disposition says).
    const [popup, asked] = await Promise.all([
      page.waitForEvent('popup'),
      page.context().waitForEvent('request', (request) => request.url().endsWith(href!)),
      letter.click(),
    ]);
    expect(asked.frame().page()).toBe(popup);
    await popup.close();
    const pdf = await page.request.get(href!);
    expect(pdf.status()).toBe(200);
    expect(pdf.headers()['content-type']).toBe('application/pdf');
    expect(pdf.headers()['content-disposition']).toMatch(/^inline; filename=".*-mroLetter-SAMPLE\.pdf"/);
    expect((await pdf.body()).subarray(0, 5).toString('latin1')).toBe('%PDF-');

    const code = (await first.getByRole('link').first().innerText()).trim();
    await first.getByRole('button', { name: `Acknowledge ${code}` }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Result acknowledged.' })).toBeVisible();
    // The button left with its row: focus is on the message saying what happened, not on <body>.
    await expect(page.getByRole('status').filter({ hasText: 'Result acknowledged.' })).toBeFocused();
    // At least this one fewer: the other `changes` spec running beside this one may acknowledge a result too.
    await expect.poll(() => badgeCount(page)).toBeLessThanOrEqual(before - 1);
    await expect(page.getByTestId('result-row').filter({ hasText: code })).toHaveCount(0);
  });

  test('filters: words of a code find its result; a company narrows the list; the filters stay in the page links', async ({ page }) => {
    await signIn(page, 'admin', { to: '/results' });
    const rows = page.getByTestId('result-row');
    const code = (await rows.nth(1).getByRole('link').first().innerText()).trim();
    await page.getByLabel('Code, name or e-mail').fill(code.toLowerCase());
    await page.getByRole('button', { name: 'Filter' }).click();
    await expect(page).toHaveURL(/search=/);
    await expect(rows).toHaveCount(1);
    await expect(rows.first()).toContainText(code);
    await expect(page.getByText(/1 final result nobody has acknowledged yet match these filters/)).toBeVisible();
    await page.getByLabel('Code, name or e-mail').fill('no-such-result-anywhere');
    await page.getByRole('button', { name: 'Filter' }).click();
    await expect(page.getByText('No results match')).toBeVisible();
    await page.getByRole('link', { name: 'Clear filters' }).click();
    await expect(rows.first()).toBeVisible();
    const company = page.getByLabel('Company');
    const option = (await company.locator('option').nth(2).innerText()).trim();
    await company.selectOption({ label: option });
    await page.getByRole('button', { name: 'Filter' }).click();
    await expect(page).toHaveURL(/companyId=/);
    for (const text of await rows.allInnerTexts()) expect(text).toContain(option);
  });

  test('dark mode: the inbox and its badge pass axe', async ({ page }) => {
    await signIn(page, 'manager', { to: '/results' });
    await page.getByRole('radio', { name: 'Dark' }).click();
    await expect(page.locator('html')).toHaveClass(/dark/);
    await expect(page.getByTestId('result-row').first()).toBeVisible();
    await screenshotAndAudit(page, 'results-inbox-dark');
    await page.getByRole('radio', { name: 'Light' }).click();
    await expect(page.locator('html')).not.toHaveClass(/dark/);
  });

  test('several at once: select two and acknowledge them together', async ({ page }) => {
    await signIn(page, 'manager', { to: '/results' });
    const before = await badgeCount(page);
    const rows = page.getByTestId('result-row');
    await rows.nth(0).getByRole('checkbox').check();
    await rows.nth(1).getByRole('checkbox').check();
    await page.getByRole('button', { name: 'Acknowledge selected (2)' }).click();
    await expect(page.getByRole('status').filter({ hasText: '2 results acknowledged.' })).toBeVisible();
    await expect.poll(() => badgeCount(page)).toBe(before - 2);
  });
});

test.describe('Documents panel', () => {
  test('an admin uploads a PNG on the order page and sees it listed with the retention day', async ({ page }) => {
    await startSession(page, USERS.admin);
    const { data } = await (await page.request.get('/api/v2/orders?acknowledged=false&status=negative&limit=1')).json();
    await page.goto(`/orders/${data[0].id}`);
    const panel = page.getByTestId('documents-panel');
    await expect(panel.getByTestId('retention-day')).toContainText('Kept until');
    const png = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.from('e2e upload')]);
    await panel.getByLabel('Type').selectOption('ccf');
    await panel.getByLabel(/^File/).setInputFiles({ name: 'ccf-copy.png', mimeType: 'image/png', buffer: png });
    await panel.getByRole('button', { name: 'Upload' }).click();
    await expect(panel.getByRole('status')).toHaveText('ccf-copy.png added.');
    await expect(panel.locator('a[data-document-type="ccf"]')).toBeVisible();
    await screenshotAndAudit(page, 'order-documents-admin');
  });

  test('a viewer reads the results inbox (no acknowledging, no papers) and sees the panel without documents', async ({ page }) => {
    await signIn(page, 'viewer');
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: /^Results/ }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Results' })).toBeVisible();
    await expect(page.getByTestId('result-row').first()).toBeVisible();
    await expect(page.getByRole('button', { name: /^Acknowledge/ })).toHaveCount(0);
    await expect(page.locator('a[data-document-type]')).toHaveCount(0);
    const { data } = await (await page.request.get('/api/v2/orders?status=nonNegative&limit=1')).json();
    await page.goto(`/orders/${data[0].id}`);
    const panel = page.getByTestId('documents-panel');
    await expect(panel).toContainText('Your role does not include reading result documents.');
    await expect(panel.getByTestId('document-link')).toHaveCount(0);
    const direct = await page.request.get(`/api/v2/orders/${data[0].id}/documents`);
    expect(direct.status()).toBe(403);
  });
});
