/**
 * Issue 19, minor items on the CSV export: human labels beside the codes, times a spreadsheet
 * reads as dates in the user's time zone (the page's, named; not the browser's), readable phones without the apostrophe, a file
 * name that says what was exported, and no participant contact details in a viewer's export.
 */
import fs from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { signIn } from './helpers';

/** RFC 4180 rows. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') (cell += '"'), i++;
      else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') row.push(cell), (cell = '');
    else if (c === '\r' && text[i + 1] === '\n') {
      row.push(cell), rows.push(row), (row = []), (cell = ''), i++;
    } else cell += c;
  }
  if (cell || row.length) row.push(cell), rows.push(row);
  return rows;
}

async function download(page: Page) {
  const [file] = await Promise.all([page.waitForEvent('download'), page.getByTestId('export-csv').click()]);
  const [header, ...rows] = parseCsv(fs.readFileSync((await file.path())!, 'utf8').replace(/^\uFEFF/, ''));
  return { name: file.suggestedFilename(), header, rows, col: (row: string[], name: string) => row[header.indexOf(name)] };
}

const local = (iso: string, timeZone: string) => {
  const p = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' })
      .formatToParts(new Date(iso))
      .map((x) => [x.type, x.value]),
  );
  return `${p.year}-${p.month}-${p.day} ${p.hour}:${p.minute}`;
};

test.describe('CSV export', () => {
  test.use({ timezoneId: 'America/Chicago' });

  test('labels, local times with the zone named, readable phones, a descriptive file name', async ({ page }) => {
    await signIn(page, 'manager', { to: '/orders?status=negative,positive&search=a' });
    await expect(page.getByTestId('orders-total')).not.toHaveText('0');
    // The zone the page shows its times in (the user's, issue 29), whatever the browser's (Chicago here).
    const zone = (await page.getByTestId('time-zone-note').getAttribute('data-time-zone'))!;
    const csv = await download(page);
    expect(csv.name).toMatch(/^orders-negative-positive-search-a-\d{4}-\d{2}-\d{2}\.csv$/);
    expect(csv.header.slice(0, 3)).toEqual(['code', 'id', 'status']);
    expect(csv.header).toContain(`Created (${zone})`);
    expect(csv.header).toContain('Participant phone');
    expect(csv.rows.length).toBeGreaterThan(0);
    for (const row of csv.rows) {
      expect(csv.col(row, 'Status')).toBe(csv.col(row, 'status') === 'negative' ? 'Negative' : 'Positive');
      expect(csv.col(row, 'Final')).toBe('Yes');
      // Service statuses in words ("Negative · Negative dilute"), their codes at the end.
      expect(csv.col(row, 'Services')).not.toMatch(/_/);
      expect(csv.col(row, 'serviceStatuses').length).toBeGreaterThan(0);
      expect(csv.col(row, `Created (${zone})`)).toBe(local(csv.col(row, 'createdAt'), zone));
      const phone = csv.col(row, 'Participant phone');
      if (phone) expect(phone).toMatch(/^\(\d{3}\) \d{3}-\d{4}$/);
      const reason = csv.col(row, 'Test reason');
      if (reason) expect(reason).toMatch(/^[A-Z][a-z]*( [a-zA-Z]+)*$/);
      for (const value of row) expect(value.startsWith("'+1")).toBeFalsy();
    }
    expect(csv.rows.some((r) => csv.col(r, 'Participant phone'))).toBeTruthy();
  });

  test("a viewer's export leaves out the participant's e-mail and phone", async ({ page }) => {
    await signIn(page, 'viewer');
    await expect(page.getByTestId('read-only-notice')).toContainText('read-only access');
    const csv = await download(page);
    expect(csv.name).toMatch(/^orders-all-\d{4}-\d{2}-\d{2}\.csv$/);
    expect(csv.header).not.toContain('Participant e-mail');
    expect(csv.header).not.toContain('Participant phone');
    expect(csv.header).toContain('Participant last name');
  });
});
