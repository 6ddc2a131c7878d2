/**
 * Users (DESIGN.md 6.4): an admin invites a colleague with a role and one company; the invitation
 * e-mail (captured by the staging mailbox) carries a one-time link; the colleague sets a password
 * there and is signed in; the link is then used up (410). The admin deactivates the colleague,
 * who is signed out at once.
 */
import { expect, test } from '@playwright/test';
import { screenshotAndAudit, signIn } from './helpers';

const stamp = Date.now().toString(36);
const NAME = `Ivy Invited ${stamp}`;
const EMAIL = `ivy.${stamp}@example.com`;
const PASSWORD = 'correct horse battery';

test.describe('users and invitations (admin)', () => {
  // Two browsers, the mailbox and several server actions: longer than the default on a shared machine.
  test.describe.configure({ timeout: 180_000 });
  test('invite a colleague, who sets a password from the e-mailed link and signs in; the link works once; deactivation signs them out', async ({ page, browser }) => {
    await signIn(page, 'admin', { to: '/settings/users' });
    await expect(page.getByRole('heading', { level: 1, name: 'Users' })).toBeVisible();
    const company = ((await (await page.request.get('/api/v2/companies?limit=1')).json()) as { data: Array<{ name: string }> }).data[0].name;

    // -- Invite: a bad address is refused on its field, then a real one with one company --
    const form = page.getByRole('region', { name: 'Invite a user' });
    await form.getByLabel('E-mail').fill('not-an-address');
    await form.getByRole('button', { name: 'Send invitation' }).click();
    await expect(form.getByLabel('E-mail')).toHaveAttribute('aria-invalid', 'true');
    await expect(form.getByText('Enter a valid e-mail address.')).toBeVisible();
    await form.getByLabel('E-mail').fill(EMAIL);
    await form.getByLabel('Name').fill(NAME);
    await form.getByLabel('Role').selectOption('staff');
    await form.getByLabel('All companies, present and future').uncheck();
    await form.getByRole('checkbox', { name: company, exact: true }).check();
    await screenshotAndAudit(page, 'users-invite');
    await form.getByRole('button', { name: 'Send invitation' }).click();
    await expect(page.getByText(`Invitation sent to ${EMAIL}`)).toBeVisible();
    const row = page.locator(`tr[data-user-email="${EMAIL}"]`);
    await expect(row).toContainText(NAME);
    await expect(row).toContainText('Staff');
    await expect(row).toContainText(company);
    await expect(row).toContainText('Invited');

    // -- The e-mail, as the staging mailbox captured it --
    const entry = page.getByTestId('mailbox-entry').filter({ hasText: `Hello ${NAME},` }).first();
    const text = entry.getByTestId('mailbox-text');
    // The messages worker sends (captures) it within a second or two.
    await expect(async () => {
      await page.goto('/mailbox');
      await expect(text).toContainText(/\/invite\/[A-Za-z0-9_-]{43}/, { timeout: 2_000 });
    }).toPass({ timeout: 30_000 });
    const link = /https?:\/\/\S+\/invite\/([A-Za-z0-9_-]{43})/.exec((await text.textContent()) ?? '');
    expect(link).not.toBeNull();
    const invitePath = `/invite/${link![1]}`;

    // -- The colleague, in a browser of their own --
    const context = await browser.newContext();
    const invitee = await context.newPage();
    await invitee.goto(invitePath);
    await expect(invitee.getByRole('heading', { level: 1 })).toContainText('Welcome to');
    await expect(invitee.getByText(EMAIL)).toBeVisible();
    expect(await invitee.locator('meta[name="robots"]').getAttribute('content')).toBe('noindex, nofollow');
    await invitee.getByLabel('New password').fill('short');
    await invitee.getByLabel('Repeat the password').fill('short');
    await invitee.getByRole('button', { name: 'Set password and sign in' }).click();
    await expect(invitee.getByLabel('New password')).toHaveAttribute('aria-invalid', 'true');
    await screenshotAndAudit(invitee, 'invitation-page');
    await invitee.getByLabel('New password').fill(PASSWORD);
    await invitee.getByLabel('Repeat the password').fill(PASSWORD);
    await invitee.getByRole('button', { name: 'Set password and sign in' }).click();
    await invitee.waitForURL((url) => url.pathname === '/orders');
    await expect(invitee.getByTestId('user-name')).toBeVisible();

    // The link is used up: the page says so, and setting a password again is 410 Gone.
    await invitee.goto(invitePath);
    await expect(invitee.getByRole('heading', { level: 1, name: 'This link has been used' })).toBeVisible();
    const again = await invitee.request.post(`${invitePath}/accept`, { data: { password: 'another password' } });
    expect(again.status()).toBe(410);
    expect((await again.json()).errors[0].code).toBe('invitationUsed');

    // -- The admin sees them active, then deactivates them --
    await page.goto('/settings/users');
    await expect(row).toContainText('Active');
    await page.getByRole('button', { name: `Deactivate ${EMAIL}` }).click();
    const confirm = page.getByRole('dialog', { name: `Deactivate ${NAME}?` });
    await expect(confirm).toContainText('They are signed out at once');
    await screenshotAndAudit(page, 'users-deactivate');
    await confirm.getByRole('button', { name: 'Deactivate user' }).click();
    await expect(row).toContainText('Deactivated');
    await expect(page.getByRole('button', { name: `Reactivate ${EMAIL}` })).toBeVisible();

    // Signed out at once: the colleague's next page is the sign-in page.
    await invitee.goto('/orders');
    await expect(invitee).toHaveURL(/\/login/);
    await context.close();
  });

  test('an unknown invitation link says so; a non-admin is sent back from /settings/users', async ({ page }) => {
    await page.goto(`/invite/${'x'.repeat(43)}`);
    await expect(page.getByRole('heading', { level: 1, name: 'This invitation link does not exist' })).toBeVisible();
    await signIn(page, 'manager', { to: '/orders' });
    await page.goto('/settings/users');
    await expect(page).toHaveURL(/\/orders\?denied=admin$/);
  });
});
