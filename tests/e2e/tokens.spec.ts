import { expect, test } from '@playwright/test';
import { screenshotAndAudit, signIn, startSession, USERS } from './helpers';

test.describe('API tokens and the webhook secret (admin)', () => {
  test('an admin creates a token (shown once), uses it, and revokes it', async ({ page, playwright, baseURL }) => {
    await signIn(page, 'admin');
    await page.getByRole('link', { name: 'API tokens' }).click();
    await expect(page.getByRole('heading', { name: 'API tokens', level: 1 })).toBeVisible();
    await screenshotAndAudit(page, 'tokens');

    const name = `E2E integration ${Date.now()}`;
    await page.getByRole('button', { name: 'Create token' }).click();
    await expect(page.getByText('Give the token a name.')).toBeVisible();
    await page.getByLabel('Name').fill(name);
    await page.getByRole('checkbox', { name: 'order.list' }).check();
    await page.getByRole('checkbox', { name: 'order.read' }).check();
    await page.getByRole('button', { name: 'Create token' }).click();
    const shown = page.getByTestId('new-token');
    await expect(shown).toHaveText(/^dto_test_/);
    const token = (await shown.textContent())!;
    await expect(page.getByRole('row').filter({ hasText: name })).toContainText('Active');

    const api = await playwright.request.newContext({ baseURL, extraHTTPHeaders: { Authorization: `Bearer ${token}` } });
    expect((await api.get('/api/v2/orders?limit=1')).status()).toBe(200);
    expect((await api.get('/api/v2/companies')).status()).toBe(403); // not among its scopes

    // Shown once: after a reload only its prefix remains.
    await page.reload();
    await expect(page.getByTestId('new-token')).toHaveCount(0);
    const row = page.getByRole('row').filter({ hasText: name });
    await expect(row).toContainText(token.slice(0, 13));

    await row.getByRole('button', { name: `Revoke token ${name}` }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Revoke token' }).click();
    await expect(page.getByRole('row').filter({ hasText: name })).toContainText('Revoked');
    // Token lookups are cached for up to 5 s per server module instance: the refusal follows within that.
    await expect.poll(async () => (await api.get('/api/v2/orders?limit=1')).status(), { timeout: 15_000 }).toBe(401);
    await api.dispose();
  });

  test('an admin rotates the webhook signing secret', async ({ page }) => {
    await signIn(page, 'admin', { to: '/webhooks' });
    await page.getByRole('button', { name: 'Reveal' }).click();
    const secret = page.getByTestId('webhook-secret');
    await expect(secret).toHaveText(/^whsec_[A-Za-z0-9+/=]{40,}$/);
    const before = await secret.textContent();
    await screenshotAndAudit(page, 'webhooks');
    await page.getByRole('button', { name: 'Rotate…' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Rotate secret' }).click();
    await expect(page.getByTestId('toast').filter({ hasText: 'Signing secret rotated' })).toBeVisible();
    await expect(secret).not.toHaveText(before!);
    await expect(secret).toHaveText(/^whsec_/);
  });

  test('a manager has no token page, and the server refuses it', async ({ page }) => {
    await startSession(page, USERS.manager);
    await expect(page.getByRole('link', { name: 'API tokens' })).toHaveCount(0);
    await page.goto('/settings/tokens');
    await expect(page).toHaveURL(/\/orders\?denied=admin/);
    await page.goto('/webhooks');
    await expect(page.getByRole('heading', { name: 'Webhooks', level: 1 })).toBeVisible();
    await expect(page.getByTestId('webhook-secret')).toHaveCount(0);
  });
});
