/**
 * The participant's pass (issue 15): opened at phone size without an account, a clinic chosen near a
 * ZIP code, seen on the order page by the employer; reissued from the dashboard, after which the old
 * link answers 410 "this link was replaced". Axe on every state; no request leaves the server.
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { createAcmeOrder, signIn } from './helpers';

const PHONE = { width: 390, height: 844 };

async function audit(page: Page, name: string) {
  await page.screenshot({ path: `test-results/screenshots/${name}.png`, fullPage: true });
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']).analyze();
  const blocking = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(blocking.map((v) => `${v.impact} ${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).slice(0, 3).join(' | ')})`), `accessibility violations on ${name}`).toEqual([]);
}

test('a participant opens the pass on a phone and chooses a clinic; the employer sees it, reissues, and the old link is replaced', async ({ page, browser, baseURL }) => {
  test.setTimeout(120_000);
  await signIn(page, 'admin');
  const order = await createAcmeOrder<{ id: string; code: string }>(page, baseURL!, { participant: { firstName: 'Jordan', lastName: `Passcheck${Date.now()}`, email: 'jordan@example.com', phone: '+12145550142' }, settings: { observedCollection: true } });
  const pass = (await (await page.request.get(`/api/v2/orders/${order.id}/pass`)).json()) as { url: string; openedAt: string | null };
  expect(pass.openedAt).toBeNull();
  const passPath = new URL(pass.url).pathname;

  // The participant: a phone, no session.
  const phone = await browser.newContext({ viewport: PHONE, isMobile: true, hasTouch: true, baseURL });
  const p = await phone.newPage();
  const foreign: string[] = [];
  p.on('request', (r) => {
    if (!r.url().startsWith(baseURL!) && !r.url().startsWith('data:')) foreign.push(r.url());
  });
  const opened = await p.goto(passPath);
  expect(opened?.status()).toBe(200);
  expect(opened?.headers()['x-robots-tag']).toBe('noindex, nofollow');
  await expect(p.getByRole('heading', { level: 1 })).toHaveText('Hi Jordan,');
  await expect(p.getByTestId('pass-code')).toHaveText(order.code);
  await expect(p.getByTestId('pass-qr')).toBeVisible();
  await expect(p.getByTestId('pass-time-left')).toContainText('left');
  await expect(p.getByText('photo ID')).toBeVisible();
  await expect(p.getByTestId('pass-observed')).toBeVisible();
  await expect(p.getByRole('heading', { name: 'Choose a clinic' })).toBeVisible();
  await p.screenshot({ path: 'test-results/pass-page.png', fullPage: true });
  await audit(p, 'pass-page');

  // A clinic near a ZIP code: only clinics offering every test are listed.
  await p.getByLabel('ZIP code or City, ST').fill('75201');
  await p.getByRole('button', { name: 'Search', exact: true }).click();
  const results = p.getByTestId('pass-clinic-result');
  await expect(results.first()).toBeVisible();
  const clinicName = (await results.first().getByRole('heading').textContent())!.trim();
  await audit(p, 'pass-page-clinics');
  await results.first().getByRole('button', { name: `Choose ${clinicName}` }).click();
  await expect(p.getByTestId('pass-notice')).toContainText('Clinic saved');
  await expect(p.getByTestId('pass-clinic')).toContainText(clinicName);
  await expect(p.getByRole('link', { name: /Directions/ })).toBeVisible();
  await expect(p.getByRole('img', { name: /^Map:/ })).toBeVisible();
  await p.screenshot({ path: 'test-results/pass-page-clinic.png', fullPage: true });
  await audit(p, 'pass-page-clinic-chosen');
  expect(foreign, 'requests to third parties').toEqual([]);

  // The employer sees the choice and the opening on the order page.
  await page.goto(`/orders/${order.id}`);
  await expect(page.getByText(clinicName).first()).toBeVisible();
  const panel = page.getByTestId('pass-panel');
  await expect(panel.getByTestId('pass-link')).toHaveValue(pass.url);
  await expect(panel.getByTestId('pass-opened')).not.toHaveText('Not opened yet');

  // Extend the expiry by the dialog's suggestion (a week later).
  const before = await page.getByRole('button', { name: `Extend the expiry of order ${order.code}` }).isVisible();
  expect(before).toBe(true);
  await page.getByRole('button', { name: `Extend the expiry of order ${order.code}` }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Extend' }).click();
  await expect(page.getByText('Expiry extended')).toBeVisible();

  // Reissue: the old link is replaced.
  await panel.getByRole('button', { name: 'Reissue' }).click();
  await page.getByTestId('confirm-reissue').click();
  await expect(page.getByText('Pass reissued')).toBeVisible();
  await expect(panel.getByTestId('pass-link')).not.toHaveValue(pass.url);
  await audit(page, 'order-pass-panel');

  const replaced = await p.goto(passPath);
  expect(replaced?.status()).toBe(410);
  await expect(p.getByRole('heading', { name: 'This link was replaced' })).toBeVisible();
  await audit(p, 'pass-page-replaced');

  // The printable pass for handing over.
  await page.goto(`/orders/${order.id}/pass/print`);
  await expect(page.getByTestId('print-code')).toHaveText(order.code);
  await audit(page, 'pass-print');
  await phone.close();
});
