/**
 * Users (DESIGN.md 6.4): an admin invites a colleague with a role and one company; the invitation
 * e-mail (captured by the staging mailbox) shows its one-time link masked, since only the invitee
 * may get it (issue 26), and the mailbox sends a new one on request. The admin deactivates the
 * invited colleague. Accepting an invitation is tested through its endpoint in tests/api.
 */
import { expect, test } from '@playwright/test';
import { screenshotAndAudit, signIn } from './helpers';

const stamp = Date.now().toString(36);
const NAME = `Ivy Invited ${stamp}`;
const EMAIL = `ivy.${stamp}@example.com`;

test.describe('users and invitations (admin)', () => {
  // The mailbox twice and several server actions: longer than the default on a shared machine.
  test.describe.configure({ timeout: 180_000 });
  test('invite a colleague: the mailbox shows the e-mail with its link masked and sends a new link on request; deactivation', async ({ page }) => {
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
    // The dialog says what became of the e-mail: staging's mailbox takes it within seconds.
    const outcome = page.getByRole('dialog', { name: `Invitation for ${EMAIL}` });
    await expect(outcome.getByTestId('invitation-outcome')).toContainText('E-mail sent', { timeout: 30_000 });
    await outcome.getByRole('button', { name: 'Close' }).click();
    const row = page.locator(`tr[data-user-email="${EMAIL}"]`);
    await expect(row).toContainText(NAME);
    await expect(row).toContainText('Staff');
    await expect(row).toContainText(company);
    await expect(row).toContainText('Invited');
    await expect(row.getByTestId('invitation-message')).toHaveText('E-mail sent');

    // -- The e-mail, as the staging mailbox captured it: the link masked (only the invitee gets it) --
    const entry = page.getByTestId('mailbox-entry').filter({ hasText: `Hello ${NAME},` }).first();
    const text = entry.getByTestId('mailbox-text');
    // The messages worker sends (captures) it within a second or two.
    await expect(async () => {
      await page.goto('/mailbox');
      await expect(text).toContainText(/\/invite\/…[A-Za-z0-9_-]{4}\s/, { timeout: 2_000 });
    }).toPass({ timeout: 30_000 });
    await expect(text).not.toContainText(/\/invite\/[A-Za-z0-9_-]{5,}/);
    await expect(entry.getByTestId('mailbox-masked-note')).toContainText('The invitation link is hidden');
    const first = /\/invite\/…([A-Za-z0-9_-]{4})/.exec((await text.textContent()) ?? '')![1];

    // -- A new link from the mailbox: the previous one stops working, a new e-mail is captured --
    await entry.getByTestId('mailbox-resend').click();
    await entry.getByTestId('mailbox-resend-confirm').click();
    await expect(page.getByText('New invitation sent')).toBeVisible();
    const texts = page.getByTestId('mailbox-entry').filter({ hasText: `Hello ${NAME},` }).getByTestId('mailbox-text');
    await expect(async () => {
      await page.goto('/mailbox');
      await expect(texts).toHaveCount(2, { timeout: 2_000 });
    }).toPass({ timeout: 30_000 });
    // Newest first: the new link differs from the first one.
    await expect(texts.first()).toContainText(/\/invite\/…[A-Za-z0-9_-]{4}\s/);
    expect(/\/invite\/…([A-Za-z0-9_-]{4})/.exec((await texts.first().textContent()) ?? '')![1]).not.toBe(first);

    // The invitation page and its form (setting the password from the link) are tested through
    // POST /invite/{token}/accept in tests/api/users.test.ts: the browser test has no way to
    // receive the link now that the mailbox masks it.

    // -- The admin deactivates the invited colleague: the open link is revoked --
    await page.goto('/settings/users');
    await expect(row).toContainText('Invited');
    await page.getByRole('button', { name: `Deactivate ${EMAIL}` }).click();
    const confirm = page.getByRole('dialog', { name: `Deactivate ${NAME}?` });
    await expect(confirm).toContainText('They are signed out at once');
    await screenshotAndAudit(page, 'users-deactivate');
    await confirm.getByRole('button', { name: 'Deactivate user' }).click();
    await expect(row).toContainText('Deactivated');
    await expect(page.getByRole('button', { name: `Reactivate ${EMAIL}` })).toBeVisible();
  });

  test('an unknown invitation link says so; a non-admin is sent back from /settings/users', async ({ page }) => {
    await page.goto(`/invite/${'x'.repeat(43)}`);
    await expect(page.getByRole('heading', { level: 1, name: 'This invitation link does not exist' })).toBeVisible();
    await signIn(page, 'manager', { to: '/orders' });
    await page.goto('/settings/users');
    await expect(page).toHaveURL(/\/orders\?denied=admin$/);
  });
});
