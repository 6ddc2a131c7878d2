/**
 * Honest invitations (issue 29), in production without a mail provider (no SMTP_URL: the message
 * ends failed / providerNotConfigured): inviting says the e-mail was not sent and why, offers the
 * inviting admin the link once, and the setup checklist does not tick "Invite a colleague" until
 * the colleague, given the link by hand, has signed in. Also: at 390 px the users and API token
 * tables are no wider than the screen. A server of its own on a scratch PostgreSQL database.
 */
import { expect, test, type Page } from '@playwright/test';
import { CONDITIONS, postgresUrlForTests } from '../conditions';
import { screenshotAndAudit } from './helpers';
import { startOwnServer, type OwnServer } from './own-server';

const stamp = Date.now().toString(36);
const SLUG = `honest-${stamp}`;
const ADMIN = { email: `owner.${stamp}@honest.example`, password: `first-admin-${stamp}`, name: 'Olivia Owner' };
const COLLEAGUE = { email: `colleague.${stamp}@honest.example`, name: 'Cole League', password: `colleague-${stamp}-pw` };

test.skip(!postgresUrlForTests, `${CONDITIONS.postgres.tag} A production server runs on PostgreSQL: set DATABASE_URL (CI does) to run it.`);
test.describe.configure({ mode: 'serial', timeout: 300_000 });

let server: OwnServer;

test.beforeAll(async () => {
  // A server start (migrations, the demo seed in staging) and CLI runs: the hook's own minute is
  // short on a busy machine, where this spec now starts beside the read-only ones.
  test.setTimeout(240_000);
  server = await startOwnServer('production', 'invitations');
  expect(server.cli(['tenant', 'create', '--slug', SLUG, '--name', 'Honest Logistics']).code).toBe(0);
  const user = server.cli(['user', 'create', '--tenant', SLUG, '--email', ADMIN.email, '--role', 'admin', '--name', ADMIN.name, '--password', ADMIN.password]);
  expect(user.code, user.stderr).toBe(0);
});

test.afterAll(async () => {
  await server?.stop();
});

async function signIn(page: Page, email: string, password: string) {
  await page.goto('/login');
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL((url) => url.pathname === '/orders');
}

test('an invitation that cannot be e-mailed says so, offers its link once, and the checklist waits for the colleague to sign in', async ({ browser }) => {
  const context = await browser.newContext({ baseURL: server.baseURL });
  const page = await context.newPage();
  await signIn(page, ADMIN.email, ADMIN.password);
  const checklist = page.getByTestId('setup-checklist');
  await expect(checklist.locator('[data-step="user"]')).toHaveAttribute('data-done', 'false');

  // -- Invite: the dialog follows the e-mail until the worker has tried it --
  await page.goto('/settings/users');
  const form = page.getByRole('region', { name: 'Invite a user' });
  await form.getByLabel('E-mail').fill(COLLEAGUE.email);
  await form.getByLabel('Name').fill(COLLEAGUE.name);
  await form.getByRole('button', { name: 'Send invitation' }).click();
  const outcome = page.getByRole('dialog', { name: `Invitation for ${COLLEAGUE.email}` });
  await expect(outcome.getByTestId('invitation-outcome')).toContainText('E-mail not sent', { timeout: 30_000 });
  await expect(outcome).toContainText('The invitation e-mail was not sent: this server has no e-mail provider configured (SMTP_URL).');
  await expect(page.getByText(/Invitation sent/)).toHaveCount(0);
  await screenshotAndAudit(page, 'invitation-not-sent');

  // -- The link, once --
  await outcome.getByRole('button', { name: 'Get the link to pass on' }).click();
  const linkDialog = page.getByRole('dialog', { name: `Invitation link for ${COLLEAGUE.email}` });
  await linkDialog.getByRole('button', { name: 'Show the link' }).click();
  const linkInput = linkDialog.getByTestId('invitation-link');
  await expect(linkInput).toHaveValue(/\/invite\/[A-Za-z0-9_-]{43}$/);
  const link = await linkInput.inputValue();
  await expect(linkDialog).toContainText('Shown this once');
  await screenshotAndAudit(page, 'invitation-link-once');
  await linkDialog.getByRole('button', { name: 'Done' }).click();

  // The list says what happened, and offers the link no more; the API refuses it a second time.
  const row = page.locator(`tr[data-user-email="${COLLEAGUE.email}"]`);
  await expect(row.getByTestId('invitation-message')).toContainText('E-mail not sent');
  await expect(row).toContainText('Invited');
  await expect(row.getByRole('button', { name: `Get the invitation link for ${COLLEAGUE.email}` })).toHaveCount(0);
  const again = await page.request.post(`/api/v2/users/${await row.getAttribute('data-user-id')}/invitation/link`, { headers: { origin: server.baseURL } });
  expect(again.status()).toBe(422);
  expect((await again.json()).errors[0].code).toBe('invalidState');

  // -- The checklist: an invitation is not a colleague --
  await page.goto('/orders');
  await expect(checklist.locator('[data-step="user"]')).toHaveAttribute('data-done', 'false');

  // -- The colleague, given the link by hand, sets a password and is signed in --
  const colleague = await browser.newContext({ baseURL: server.baseURL });
  const invitee = await colleague.newPage();
  await invitee.goto(new URL(link).pathname);
  await invitee.getByLabel('New password').fill(COLLEAGUE.password);
  await invitee.getByLabel('Repeat the password').fill(COLLEAGUE.password);
  await invitee.getByRole('button', { name: 'Set password and sign in' }).click();
  await invitee.waitForURL((url) => url.pathname === '/orders');
  await colleague.close();

  await page.reload();
  await expect(checklist.locator('[data-step="user"]')).toHaveAttribute('data-done', 'true');
  await page.goto('/settings/users');
  await expect(row).toContainText('Active');
  await context.close();
});

test('at 390 px wide, the users and API token pages are no wider than the screen', async ({ browser }) => {
  const context = await browser.newContext({ baseURL: server.baseURL, viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  await signIn(page, ADMIN.email, ADMIN.password);
  // A token with a long name, and the colleague of the first test: rows to lay out.
  const created = await page.request.post('/api/v2/apiTokens', {
    headers: { origin: server.baseURL },
    data: { name: `A rather long integration token name ${stamp}`, scopes: ['order.list', 'order.read', 'order.create'], allCompanies: true },
  });
  expect(created.status()).toBe(201);
  for (const path of ['/settings/users', '/settings/tokens']) {
    await page.goto(path);
    const table = page.getByTestId(path.endsWith('users') ? 'users-table' : 'tokens-table');
    await expect(table).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth), path).toBeLessThanOrEqual(390);
    // The table itself, not only the page: no sideways scroll hidden in its box either.
    const box = await table.evaluate((el) => ({ right: el.getBoundingClientRect().right, scroll: el.scrollWidth, client: el.clientWidth }));
    expect(box.right, path).toBeLessThanOrEqual(390);
    expect(box.scroll, path).toBeLessThanOrEqual(box.client);
  }
  await context.close();
});
