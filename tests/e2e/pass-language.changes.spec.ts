/**
 * Issue 29: the pass page in the participant's language. A Spanish order's pass opens in Spanish
 * (`<html lang="es">`), lists clinics with their hours and open state, switches to English and
 * back, and keeps the choice on the device; axe finds nothing serious in light and dark mode (the
 * dark primary button was 3.67:1), and the buttons keep their style (the font shorthand was invalid).
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { createAcmeOrder, signIn } from './helpers';

const PHONE = { width: 390, height: 844 };

async function audit(page: Page, name: string) {
  await page.screenshot({ path: `test-results/screenshots/${name}.png`, fullPage: true });
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']).analyze();
  const blocking = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(blocking.map((v) => `${v.impact} ${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).slice(0, 3).join(' | ')})`), `accessibility violations on ${name}`).toEqual([]);
}

/** The buttons' own style: bold, in the page's font (the invalid `font:600 1rem/1.2 inherit` dropped both). */
async function expectStyledButtons(page: Page) {
  const style = await page.evaluate(() => {
    const button = document.querySelector('button.btn[type=submit]')!;
    const s = getComputedStyle(button);
    return { weight: s.fontWeight, family: s.fontFamily, body: getComputedStyle(document.body).fontFamily, size: s.fontSize };
  });
  expect(style).toEqual({ weight: '600', family: style.body, body: style.body, size: '16px' });
}

async function phone(browser: Browser, baseURL: string, colorScheme: 'light' | 'dark') {
  const context = await browser.newContext({ viewport: PHONE, isMobile: true, hasTouch: true, baseURL, colorScheme });
  return { context, page: await context.newPage() };
}

test('a Spanish order: the pass in Spanish with hours and open state, switched to English and back, in light and dark mode', async ({ page, browser, baseURL }) => {
  test.setTimeout(120_000);
  await signIn(page, 'admin');
  const order = await createAcmeOrder<{ id: string; code: string; participant: { language: string } }>(page, baseURL!, { participant: { firstName: 'Lupita', lastName: `Idioma${Date.now()}`, email: 'lupita@example.com', language: 'es' }, settings: { observedCollection: true } });
  expect(order.participant.language).toBe('es');
  // The employer's order page says which language the participant gets.
  await page.goto(`/orders/${order.id}`);
  const participantCard = page.locator('[aria-labelledby="participant-title"]');
  await expect(participantCard.locator('dt', { hasText: /^Language$/ }).locator('xpath=following-sibling::dd')).toHaveText('Spanish (Español)');
  const pass = (await (await page.request.get(`/api/v2/orders/${order.id}/pass`)).json()) as { url: string };
  const passPath = new URL(pass.url).pathname;

  for (const scheme of ['light', 'dark'] as const) {
    const { context, page: p } = await phone(browser, baseURL!, scheme);
    expect((await p.goto(passPath))?.status()).toBe(200);
    await expect(p.locator('html')).toHaveAttribute('lang', 'es');
    await expect(p.getByRole('heading', { level: 1 })).toHaveText('Hola, Lupita:');
    await expect(p.getByTestId('pass-code')).toHaveText(order.code);
    await expect(p.getByTestId('pass-time-left')).toContainText(/^Le quedan? \d+ días?/);
    await expect(p.getByText('Una identificación con foto emitida por el gobierno')).toBeVisible();
    await expect(p.getByTestId('pass-observed')).toContainText('Recolección observada:');
    await expect(p.getByRole('heading', { name: 'Elija un centro de recolección' })).toBeVisible();
    await expectStyledButtons(p);
    await audit(p, `pass-es-${scheme}`);

    // The clinic choice, in Spanish: hours and open now for each clinic.
    await p.getByLabel('Código postal o ciudad, estado').fill('75201');
    await p.getByRole('button', { name: 'Buscar', exact: true }).click();
    const results = p.getByTestId('pass-clinic-result');
    await expect(results.first()).toBeVisible();
    await expect(p.getByRole('status').filter({ hasText: 'cerca de 75201, del más cercano al más lejano' })).toBeVisible();
    await expect(results.first().getByTestId('pass-clinic-hours')).toContainText(/^Horario: /);
    await expect(p.getByTestId('pass-clinic-open').first()).toContainText(/^(Abierto ahora|Cerrado ahora)/);
    await expect(results.first().getByRole('button', { name: /^Elegir / })).toHaveText('Elegir este centro');
    await audit(p, `pass-es-clinics-${scheme}`);

    // The switch: English, the search kept; the device remembers it on the next visit.
    await p.getByRole('link', { name: 'View in English' }).click();
    await expect(p.locator('html')).toHaveAttribute('lang', 'en');
    await expect(p.getByRole('heading', { level: 1 })).toHaveText('Hi Lupita,');
    await expect(p.getByTestId('pass-clinic-result').first().getByTestId('pass-clinic-hours')).toContainText(/^Hours: /);
    await expect(p.getByTestId('pass-clinic-open').first()).toContainText(/^(Open now|Closed now)/);
    await audit(p, `pass-en-clinics-${scheme}`);
    await p.goto(passPath);
    await expect(p.locator('html')).toHaveAttribute('lang', 'en');
    await expect(p.getByRole('heading', { name: 'Choose a clinic' })).toBeVisible();
    await expectStyledButtons(p);
    await audit(p, `pass-en-${scheme}`);

    // And back to Spanish.
    await p.getByRole('link', { name: 'Ver en español' }).click();
    await expect(p.locator('html')).toHaveAttribute('lang', 'es');
    await expect(p.getByRole('heading', { level: 1 })).toHaveText('Hola, Lupita:');
    await context.close();
  }
});
