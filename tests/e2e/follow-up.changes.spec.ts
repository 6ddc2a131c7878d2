/**
 * Follow-up plans on the employee page (DESIGN.md 7.3, issue 32). Acme's admin has an employee with
 * a negative return-to-duty order and an open one (made through the API); on the employee page they
 * create the SAP's plan: fewer than 6 tests in the first 12 months is refused on the phases, the
 * open order is refused by the server on the order's control (422 at /returnToDutyOrder/id), then
 * the plan shows with its due days. The sandbox clock moves to test 1's due day: "Order now" places
 * its order and the panel shows the order's code, linking to it. "Order a test" opens the new-order
 * form with the employee chosen. A viewer sees the plan's progress without due days nor any button.
 *
 * A staging server of its own on a scratch PostgreSQL database: moving a tenant's sandbox clock (it
 * only moves forward) would move the deadlines and actions the other specs check on the shared server.
 */
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { DEMO } from '../../lib/seed';
import { CONDITIONS, postgresUrlForTests } from '../conditions';
import { screenshotAndAudit, signIn } from './helpers';
import { startOwnServer, type OwnServer } from './own-server';

test.skip(!postgresUrlForTests, `${CONDITIONS.postgres.tag} This spec's own staging server runs on PostgreSQL: set DATABASE_URL (CI does) to run it.`);
test.describe.configure({ mode: 'serial', timeout: 300_000 });

const stamp = Date.now().toString(36).slice(-6).toUpperCase();
const LAST_NAME = `Followup${stamp}`;
const HOUR = 3_600_000;

interface PlanTest {
  number: number;
  dueOn: string;
  status: string;
  order: { id: string } | null;
}

let server: OwnServer;
let employeeId = '';

test.beforeAll(async () => {
  // Migrating and seeding a scratch database takes a while on a busy machine.
  test.setTimeout(300_000);
  server = await startOwnServer('staging', 'followup');
});

test.afterAll(async () => {
  await server?.stop();
});

/** POST through the API with the page's session; the response body (throws on another status than `status`). */
async function post(request: APIRequestContext, path: string, data: unknown, status = 201) {
  const res = await request.post(path, { headers: { Origin: server.baseURL }, data });
  expect(res.status(), await res.text()).toBe(status);
  return res.json();
}

/** A return-to-duty order of the employee's, its services moved to `status` (none: left open). */
async function returnToDutyOrder(page: Page, status: 'negative' | null) {
  const order = (await post(page.request, '/api/v2/orders', {
    deliveryMethods: [{ type: 'email' }],
    location: { id: DEMO.acme.locations.primary },
    package: { id: DEMO.acme.packages.nonDot },
    employee: { id: employeeId },
    requester: { email: 'admin@acme.test', name: 'Alex Rivera' },
    settings: {},
    testReason: 'returnToDuty',
    orderMatching: { enabled: false },
  })) as { id: string; code: string; services: Array<{ id: string }> };
  if (status) for (const s of order.services) await post(page.request, `/api/v2/orders/${order.id}/services/${s.id}/events`, { status }, 200);
  return order;
}

async function plansOf(page: Page) {
  const res = await page.request.get(`/api/v2/employees/${employeeId}/follow-up-plans`);
  expect(res.status()).toBe(200);
  return ((await res.json()) as { data: Array<{ id: string; tests: PlanTest[] }> }).data;
}

test('an admin creates a follow-up plan on the employee page, sees its due days and orders the due test', async ({ browser }) => {
  const context = await browser.newContext({ baseURL: server.baseURL });
  const page = await context.newPage();
  await signIn(page, 'admin', { to: '/employees' });

  const employee = (await post(page.request, '/api/v2/employees', {
    company: { id: DEMO.acme.companies.primary },
    externalId: `FU-${stamp}`,
    firstName: 'Dana',
    lastName: LAST_NAME,
    birthDate: '1985-04-02',
    email: `dana.${stamp.toLowerCase()}@example.com`,
    location: { id: DEMO.acme.locations.primary },
    dot: { agency: { id: DEMO.agencies.FMCSA } },
  })) as { id: string };
  employeeId = employee.id;
  const negative = await returnToDutyOrder(page, 'negative');
  const open = await returnToDutyOrder(page, null);

  await page.goto(`/employees/${employeeId}`);
  const panel = page.getByTestId('follow-up-plan-panel');
  await expect(panel).toContainText('No follow-up plan.');
  await panel.getByRole('button', { name: 'Create follow-up plan' }).click();
  const dialog = page.getByRole('dialog', { name: `Follow-up plan for ${LAST_NAME}, Dana` });
  await expect(dialog.getByLabel('Return-to-duty order')).toHaveValue(negative.id);

  // The schema's own rule, on the phases: at least 6 tests in the first 12 months (49 CFR 40.307(d)).
  await dialog.getByLabel('SAP name').fill('Dr. Robin Ames');
  await dialog.getByLabel('Phase 1: tests').fill('5');
  await dialog.getByRole('button', { name: 'Create plan' }).click();
  const phases = dialog.getByTestId('plan-phases');
  await expect(phases).toHaveAttribute('aria-invalid', 'true');
  await expect(phases.getByRole('alert')).toHaveText('At least 6 follow-up tests in the first 12 months (49 CFR 40.307(d)); these phases have 5 whose window ends within them.');

  // Two phases; the open return-to-duty order: the server's 422 lands on the order's control.
  await dialog.getByLabel('Phase 1: tests').fill('6');
  await dialog.getByRole('button', { name: 'Add phase' }).click();
  await dialog.getByLabel('Phase 2: tests').fill('4');
  await dialog.getByLabel('Phase 2: months').fill('12');
  await dialog.getByLabel('Alcohol tests').check();
  await dialog.getByLabel('Return-to-duty order').selectOption(open.id);
  await dialog.getByRole('button', { name: 'Create plan' }).click();
  await expect(dialog.getByLabel('Return-to-duty order')).toHaveAttribute('aria-invalid', 'true');
  await expect(dialog.getByText(/^Choose an order with a final negative result: this one is \w+\.$/)).toBeVisible();
  await expect(phases).not.toHaveAttribute('aria-invalid', 'true');
  await screenshotAndAudit(page, 'follow-up-plan-form');

  await dialog.getByLabel('Return-to-duty order').selectOption(negative.id);
  await dialog.getByRole('button', { name: 'Create plan' }).click();
  await expect(dialog).toHaveCount(0);

  // The plan, its progress and every test's due day, as the API has them.
  const [plan] = await plansOf(page);
  expect(plan.tests).toHaveLength(10);
  await expect(panel.getByTestId('follow-up-progress')).toContainText('0 of 10 tests');
  const rows = panel.getByTestId('follow-up-test');
  await expect(rows).toHaveCount(10);
  for (const [i, t] of plan.tests.entries()) await expect(rows.nth(i)).toContainText(t.dueOn);
  const first = plan.tests[0];

  // The sandbox clock moves to test 1's due day: the PUT runs the sweep, the test is due.
  const clock = (await (await page.request.get('/api/v2/sandbox/clock')).json()) as { now: string };
  const target = Math.max(Date.parse(`${first.dueOn}T00:00:00Z`) + HOUR, Date.parse(clock.now) + 60_000);
  const moved = await page.request.put('/api/v2/sandbox/clock', { headers: { Origin: server.baseURL }, data: { now: new Date(target).toISOString() } });
  expect(moved.status(), await moved.text()).toBe(200);
  await page.reload();
  await expect(rows.first()).toHaveAttribute('data-status', 'due');
  await expect(rows.nth(1)).toHaveAttribute('data-status', 'scheduled');
  await expect(rows.nth(1).getByRole('button', { name: /Order now/ })).toHaveCount(0);

  // "Order now": one click, then the order's code, linking to it.
  await rows.first().getByRole('button', { name: 'Order now: follow-up test 1' }).click();
  await expect(rows.first()).toHaveAttribute('data-status', 'ordered');
  const [after] = await plansOf(page);
  const orderId = after.tests[0].order!.id;
  const order = (await (await page.request.get(`/api/v2/orders/${orderId}`)).json()) as { code: string; testReason: string };
  expect(order.testReason).toBe('followUp');
  const link = rows.first().getByTestId('follow-up-order');
  await expect(link).toHaveText(order.code);
  await expect(link).toHaveAttribute('href', `/orders/${orderId}`);
  await expect(panel.getByRole('button', { name: 'Pause plan' })).toBeVisible();
  await screenshotAndAudit(page, 'follow-up-plan');

  // "Order a test": the new-order form with the employee chosen at their location.
  await page.getByRole('link', { name: 'Order a test' }).click();
  await expect(page).toHaveURL(new RegExp(`/orders/new\\?employeeId=${employeeId}$`));
  await expect(page.getByTestId('chosen-employee')).toContainText(`${LAST_NAME}, Dana`);
  await expect(page.locator('select#location')).toHaveValue(DEMO.acme.locations.primary);
  await expect(page.locator('input#first-name')).toHaveValue('Dana');
  await context.close();
});

test('a viewer sees the plan and its progress, without due days nor any button that changes it', async ({ browser }) => {
  const context = await browser.newContext({ baseURL: server.baseURL });
  const page = await context.newPage();
  await signIn(page, 'viewer', { to: `/employees/${employeeId}` });
  const panel = page.getByTestId('follow-up-plan-panel');
  await expect(panel.getByTestId('follow-up-progress')).toContainText('of 10 tests');
  await expect(panel.getByTestId('follow-up-test')).toHaveCount(10);
  await expect(panel.getByRole('columnheader', { name: 'Due on' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Create follow-up plan' })).toHaveCount(0);
  await expect(panel.getByRole('button')).toHaveCount(0);
  await context.close();
});
