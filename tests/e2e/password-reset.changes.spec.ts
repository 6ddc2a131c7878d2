/**
 * Password reset end to end in staging (issue 29), through the staging mailbox: "Forgot password?"
 * on the sign-in page, the same answer for an unknown address, the e-mail in the mailbox (the
 * reader's own mail, so its link is not masked), the reset page, every session of the user ended,
 * the old password refused and the new one accepted, the link used once. A staging server of its
 * own on a scratch PostgreSQL database (the spec changes a user's password), seeded with the demo
 * data; the user is made by the operator CLI.
 */
import { expect, test, type Page } from '@playwright/test';
import { CONDITIONS, postgresUrlForTests } from '../conditions';
import { screenshotAndAudit } from './helpers';
import { startOwnServer, type OwnServer } from './own-server';

const stamp = Date.now().toString(36);
const USER = { email: `reset.${stamp}@acme.test`, old: `old-password-${stamp}`, fresh: `new-password-${stamp}` };

test.skip(!postgresUrlForTests, `${CONDITIONS.postgres.tag} This spec's own staging server runs on PostgreSQL: set DATABASE_URL (CI does) to run it.`);
test.describe.configure({ mode: 'serial', timeout: 300_000 });

let server: OwnServer;

test.beforeAll(async () => {
  // A server start (migrations, the demo seed in staging) and CLI runs: the hook's own minute is
  // short on a busy machine, where this spec now starts beside the read-only ones.
  test.setTimeout(240_000);
  server = await startOwnServer('staging', 'reset');
  const user = server.cli(['user', 'create', '--tenant', 'acme', '--email', USER.email, '--role', 'admin', '--name', 'Riley Reset', '--password', USER.old]);
  expect(user.code, user.stderr).toBe(0);
});

test.afterAll(async () => {
  await server?.stop();
});

async function fillSignIn(page: Page, email: string, password: string) {
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

test('forgot password: a one-time link by e-mail, a new password, every session ended', async ({ browser }) => {
  // -- Signed in on one browser --
  const signedIn = await browser.newContext({ baseURL: server.baseURL });
  const mailbox = await signedIn.newPage();
  await mailbox.goto('/login');
  await fillSignIn(mailbox, USER.email, USER.old);
  await mailbox.waitForURL((url) => url.pathname === '/orders');

  // -- On another, "Forgot password?": the same answer for an unknown address and for the account --
  const other = await browser.newContext({ baseURL: server.baseURL });
  const page = await other.newPage();
  await page.goto('/login');
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Forgot your password?' })).toBeVisible();
  const answer = 'If this e-mail address has an account, a link to choose a new password is on its way. It works once, for one hour.';
  await page.getByLabel('E-mail').fill(`nobody.${stamp}@acme.test`);
  await page.getByRole('button', { name: 'E-mail me a link' }).click();
  await expect(page.getByText(answer)).toBeVisible();
  await page.reload();
  await page.getByLabel('E-mail').fill(USER.email);
  await screenshotAndAudit(page, 'forgot-password');
  await page.getByRole('button', { name: 'E-mail me a link' }).click();
  await expect(page.getByText(answer)).toBeVisible();

  // -- The e-mail, in the staging mailbox: the reader's own, so its link is whole --
  const entry = mailbox.getByTestId('mailbox-entry').filter({ hasText: 'asked to reset the password of your account' }).first();
  const text = entry.getByTestId('mailbox-text');
  await expect(async () => {
    await mailbox.goto('/mailbox');
    await expect(text).toContainText(/\/reset-password\/[A-Za-z0-9_-]{43}\s/, { timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
  const link = /(\/reset-password\/[A-Za-z0-9_-]{43})/.exec((await text.textContent()) ?? '')![1];
  await expect(entry.getByTestId('mailbox-own-note')).toHaveText('This e-mail is to you: its link is shown whole.');

  // -- The reset page: the password rules of invitations, then the new password --
  await page.goto(link);
  await expect(page.getByRole('heading', { level: 1, name: 'Choose a new password' })).toBeVisible();
  await expect(page.getByText(USER.email)).toBeVisible();
  await page.getByLabel('New password').fill('short');
  await page.getByLabel('Repeat the password').fill('short');
  await page.getByRole('button', { name: 'Set new password' }).click();
  await expect(page.getByLabel('New password')).toHaveAttribute('aria-invalid', 'true');
  await page.getByLabel('New password').fill(USER.fresh);
  await page.getByLabel('Repeat the password').fill(USER.fresh);
  await screenshotAndAudit(page, 'reset-password');
  await page.getByRole('button', { name: 'Set new password' }).click();
  await page.waitForURL((url) => url.pathname === '/login' && url.searchParams.get('reset') === '1');
  await expect(page.getByText('Your password is changed and you are signed out everywhere. Sign in with the new password.')).toBeVisible();

  // -- Every session ended: the signed-in browser is sent to sign in --
  await mailbox.goto('/mailbox');
  await expect(mailbox).toHaveURL(/\/login/);

  // -- The old password no longer works; the new one does --
  await fillSignIn(page, USER.email, USER.old);
  await expect(page.getByText('The e-mail or password is incorrect.')).toBeVisible();
  await fillSignIn(page, USER.email, USER.fresh);
  await page.waitForURL((url) => url.pathname === '/orders');

  // -- The link works once --
  await page.goto(link);
  await expect(page.getByRole('heading', { level: 1, name: 'This link has been used' })).toBeVisible();
  await signedIn.close();
  await other.close();
});
