/**
 * Random testing in the dashboard (DESIGN.md 7.2, issue 31): a manager creates a DOT pool for
 * Acme's FMCSA drivers (the year's minimum shown beside the rates, a rate below it refused), draws
 * the current period after confirming the roster, sees the selections with their notification day
 * and the draw's commitment, excuses one for a reason DOT accepts (an alternate replaces it), sees a
 * reason DOT does not accept explained, orders one, and downloads the certificate.
 */
import { expect, test } from '@playwright/test';
import { DEMO } from '../../lib/seed';
import { screenshotAndAudit, signIn } from './helpers';

const stamp = Date.now().toString(36).slice(-6).toUpperCase();

test('a manager creates a DOT pool, draws it behind the roster confirmation, excuses, orders and downloads the certificate', async ({ page, baseURL }) => {
  await signIn(page, 'manager', { to: '/random' });
  await expect(page.getByRole('heading', { level: 1, name: 'Random testing' })).toBeVisible();

  // Drivers of Acme Freight Lines under FMCSA: a few of this run's own, beside the demo roster.
  for (let n = 1; n <= 10; n++) {
    const created = await page.request.post('/api/v2/employees', {
      headers: { Origin: baseURL! },
      data: { company: { id: DEMO.acme.companies.primary }, location: { id: DEMO.acme.locations.primary }, externalId: `R-${stamp}-${n}`, firstName: `Driver${n}`, lastName: `Pool${stamp}`, email: `driver${n}.${stamp.toLowerCase()}@example.com`, dot: { agency: { id: DEMO.agencies.FMCSA } } },
    });
    expect(created.status(), await created.text()).toBe(201);
  }

  // The form: the year's FMCSA minimum beside the rates, and why nobody can be excluded.
  await page.getByRole('button', { name: 'New pool' }).click();
  const form = page.getByRole('dialog', { name: 'New random pool' });
  await form.getByLabel('Name').fill(`Acme drivers ${stamp}`);
  await form.getByRole('checkbox', { name: /^FMCSA/ }).check();
  await form.getByRole('checkbox', { name: 'Acme Freight Lines' }).check();
  await expect(form.getByTestId('rate-minimum')).toContainText(/\d{4} minimum: 50% drug, 10% alcohol/);
  await expect(form.getByText('DOT requires every covered employee to have an equal chance at every draw')).toBeVisible();
  await form.getByLabel('Drug rate (%)').fill('25');
  await form.getByLabel('Alcohol rate (%)').fill('10');
  await form.getByLabel('Drug test package').selectOption({ label: 'DOT Drug Screen' });
  await form.getByRole('button', { name: 'Create pool' }).click();
  // Below the minimum: the API's 400 tooSmall, on the drug rate.
  await expect(form.getByLabel('Drug rate (%)')).toHaveAttribute('aria-invalid', 'true');
  await form.getByLabel('Drug rate (%)').fill('50');
  await form.getByRole('button', { name: 'Create pool' }).click();
  await expect(page).toHaveURL(/\/random\/pools\/[^/]+$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Acme drivers ${stamp}`);

  // Draw: not without the roster confirmation.
  await page.getByRole('button', { name: 'Draw', exact: true }).click();
  const drawDialog = page.getByRole('dialog', { name: `Draw Acme drivers ${stamp}` });
  await drawDialog.getByRole('button', { name: 'Draw now' }).click();
  await expect(drawDialog.getByRole('alert')).toContainText('Confirm the roster is up to date');
  await drawDialog.getByRole('checkbox', { name: /I confirm the roster is up to date/ }).check();
  await drawDialog.getByRole('button', { name: 'Draw now' }).click();
  await expect(page).toHaveURL(/\/random\/draws\/[^/]+$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(/^Draw of \d{4}-(Q[1-4]|\d{2})$/);

  // The proof: a 64-hex commitment and pool hash, the seed not yet revealed, how to verify.
  const proof = page.getByRole('region', { name: 'Proof' });
  await expect(proof.locator('dd code').first()).toHaveText(/^[0-9a-f]{64}$/);
  await expect(proof.locator('dd code').nth(1)).toHaveText(/^[0-9a-f]{64}$/);
  await expect(proof.getByText('npm run --silent cli -- random verify --file verification.json')).toBeVisible();

  // The selections: rank, name, a notification day, status.
  const drug = page.getByRole('table', { name: 'Drug selections' }).locator('tbody tr');
  await expect(drug.first()).toBeVisible();
  const before = await drug.count();
  expect(before).toBeGreaterThanOrEqual(2);
  await expect(drug.first().locator('td').nth(2)).toHaveText(/^[A-Z][a-z]{2} \d{1,2}, \d{4}$/);
  await expect(drug.first()).toContainText('Selected');
  await screenshotAndAudit(page, 'random-draw');

  // A reason DOT does not accept: refused, and the reason says why.
  const second = drug.nth(1);
  const secondName = (await second.locator('td').nth(1).getByRole('link').textContent())!;
  await second.getByRole('button', { name: 'Excuse' }).click();
  const excuse = page.getByRole('dialog', { name: `Excuse ${secondName}` });
  await excuse.getByLabel('Reason').selectOption('operational');
  await excuse.getByRole('button', { name: 'Excuse' }).click();
  await expect(excuse.getByLabel('Reason')).toHaveAttribute('aria-invalid', 'true');
  await expect(excuse.getByRole('alert')).toContainText('DOT');

  // A reason it accepts: excused, and the next alternate is selected in their place.
  await excuse.getByLabel('Reason').selectOption('layoff');
  await excuse.getByRole('button', { name: 'Excuse' }).click();
  await expect(excuse).toBeHidden();
  await expect(drug).toHaveCount(before + 1);
  await expect(drug.filter({ hasText: secondName }).first()).toContainText('Excused');
  await expect(drug.filter({ hasText: `Alternate for ${secondName}` })).toHaveCount(1);
  await expect(drug.filter({ hasText: `Alternate for ${secondName}` })).toContainText('Selected');

  // Order one of this run's drivers (with the e-mail address the pass goes to): its status becomes
  // Ordered, with a link to the order. Ten of the pool's members are theirs: one is selected but
  // for odds of 1 in 20,000.
  const target = drug.filter({ hasText: `Pool${stamp}` }).filter({ has: page.getByRole('button', { name: /^Order a test for/ }) }).first();
  const firstName = (await target.locator('td').nth(1).getByRole('link').textContent())!;
  await target.getByRole('button', { name: `Order a test for ${firstName}` }).click();
  const orderDialog = page.getByRole('dialog', { name: `Order a drug test for ${firstName}` });
  await expect(orderDialog.getByRole('radio', { name: "E-mail the pass to the employee's address" })).toBeChecked();
  await orderDialog.getByRole('button', { name: 'Place the order' }).click();
  const ordered = drug.filter({ hasText: firstName }).first();
  await expect(ordered).toContainText('Ordered');
  await expect(ordered.getByRole('link', { name: 'View order' })).toBeVisible();

  // The certificate: a PDF.
  const certificate = await proof.getByRole('link', { name: 'Draw certificate (PDF)' }).getAttribute('href');
  const pdf = await page.request.get(certificate!);
  expect(pdf.status()).toBe(200);
  expect(pdf.headers()['content-type']).toContain('application/pdf');

  // The pool's page: this period drawn, the year to date.
  await page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('link').click();
  await expect(page.getByRole('table', { name: 'Periods of the year' }).getByRole('link', { name: 'View draw' })).toHaveCount(1);
  await expect(page.getByRole('meter', { name: /Drug tests completed in \d{4}/ })).toBeVisible();
  await screenshotAndAudit(page, 'random-pool');

  // The overview: the pool with its year to date against the required count.
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Random testing' }).click();
  const card = page.getByRole('region', { name: `Acme drivers ${stamp}` });
  await expect(card.getByTestId('ytd-drug')).toHaveText(/^0 of \d+ required$/);
  await screenshotAndAudit(page, 'random-pools');
});
