import { expect, test } from '@playwright/test';
import { screenshotAndAudit, signIn, USERS } from './helpers';

test.describe('Sign-in after too many attempts', () => {
  // The counts live in fixed 15-minute windows: a run across a window's end starts afresh; once more then.
  test.describe.configure({ retries: 1 });

  test('the page says what happened and offers an unlock link by e-mail (issue 26, finding 3)', async ({ page }) => {
    // An address no account has, so that no other test's user is locked: the answers are the same.
    const email = `locked-${Date.now()}@acme.test`;
    await page.goto('/login');
    await page.getByLabel('E-mail').fill(email);
    await page.getByLabel('Password').fill('wrong-password');
    const attempt = async (status: number) => {
      const [response] = await Promise.all([page.waitForResponse((r) => r.url().endsWith('/api/auth/callback/credentials')), page.getByRole('button', { name: 'Sign in' }).click()]);
      expect(response.status()).toBe(status);
    };
    for (let i = 0; i < 10; i++) await attempt(401);
    await attempt(429);
    const refusal = page.getByRole('alert').filter({ hasText: 'Too many sign-in attempts for this account from this network' });
    await expect(refusal).toContainText(/Wait \d+ minutes?, or ask for an unlock link by e-mail\./);
    await screenshotAndAudit(page, 'login-locked');
    await refusal.getByRole('button', { name: 'E-mail me an unlock link' }).click();
    await expect(page.getByRole('status').filter({ hasText: `If ${email} has an account, an e-mail with an unlock link is on its way.` })).toBeVisible();
  });
});

test.describe('Sign-in and the shell', () => {
  test('the login page signs in, shows the user, tenant and environment, and signs out', async ({ page }) => {
    await page.goto('/');
    await expect(page).toHaveURL(/\/login/);
    await expect(page.getByRole('heading', { name: 'Sign in to Testing Orders' })).toBeVisible();
    await screenshotAndAudit(page, 'login');

    await page.getByLabel('E-mail').fill(USERS.admin);
    await page.getByLabel('Password').fill('wrong-password');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'incorrect' })).toBeVisible();

    await signIn(page, 'admin', { via: 'form' });
    await expect(page.getByTestId('tenant-name')).toHaveText('Acme Logistics');
    await expect(page.getByTestId('environment')).toHaveText(/staging/i);
    await expect(page.getByTestId('user-role')).toHaveText('admin');
    const nav = page.getByRole('navigation', { name: 'Main' });
    for (const item of ['Orders', 'New order', 'Clinics', 'Companies', 'Locations', 'Services', 'Packages', 'Agencies', 'Webhooks', 'API tokens'])
      await expect(nav.getByRole('link', { name: item, exact: true })).toBeVisible();

    await page.getByRole('button', { name: 'Sign out' }).click();
    await expect(page).toHaveURL(/\/login/);
    await page.goto('/orders');
    await expect(page).toHaveURL(/\/login/);
  });

  test('sign-out ends the session on the server: a copied session cookie no longer works', async ({ page, playwright, baseURL }) => {
    await signIn(page, 'viewer', { via: 'form' });
    const session = (await page.context().cookies()).find((c) => c.name.endsWith('next-auth.session-token'));
    expect(session).toBeDefined();
    // Another client holding a copy of the cookie, as a thief would.
    const thief = await playwright.request.newContext({ baseURL, extraHTTPHeaders: { cookie: `${session!.name}=${session!.value}` } });
    try {
      expect((await thief.get('/api/v2/agencies')).status()).toBe(200);
      await page.getByRole('button', { name: 'Sign out' }).click();
      await expect(page).toHaveURL(/\/login/);
      const after = await thief.get('/api/v2/agencies');
      expect(after.status()).toBe(401);
      expect((await after.json()).errors[0].code).toBe('unauthenticated');
      // The dashboard refuses it too: back to the login page, not a redirect loop.
      const pageAfter = await thief.get('/orders', { maxRedirects: 0 });
      expect(pageAfter.status()).toBe(307);
      expect(pageAfter.headers()['location']).toMatch(/\/login/);
    } finally {
      await thief.dispose();
    }
  });

  test('each role sees the navigation its scopes allow', async ({ page }) => {
    const expectations = {
      manager: { visible: ['New order', 'Webhooks', 'Employees', 'Random testing'], hidden: ['API tokens'] },
      staff: { visible: ['Orders', 'Employees', 'Random testing'], hidden: ['New order', 'Webhooks', 'API tokens'] },
      viewer: { visible: ['Orders', 'Companies', 'Employees', 'Random testing'], hidden: ['New order', 'Webhooks', 'API tokens'] },
    } as const;
    for (const [role, { visible, hidden }] of Object.entries(expectations)) {
      await page.context().clearCookies();
      await signIn(page, role as keyof typeof expectations);
      const nav = page.getByRole('navigation', { name: 'Main' });
      for (const item of visible) await expect(nav.getByRole('link', { name: item, exact: true })).toBeVisible();
      for (const item of hidden) await expect(nav.getByRole('link', { name: item, exact: true })).toHaveCount(0);
    }
  });

  test('dark mode applies before paint and persists', async ({ page }) => {
    await signIn(page, 'manager');
    await page.getByRole('radio', { name: 'Dark' }).click();
    await expect(page.locator('html')).toHaveClass(/dark/);
    await page.reload();
    await expect(page.locator('html')).toHaveClass(/dark/);
    await expect(page.locator('tbody tr').first()).toBeVisible();
    await screenshotAndAudit(page, 'orders-dark');
    await page.getByRole('radio', { name: 'Light' }).click();
    await expect(page.locator('html')).not.toHaveClass(/dark/);
  });

  test('another tenant cannot open an order of Acme', async ({ browser }) => {
    const acme = await browser.newPage();
    await signIn(acme, 'admin');
    const { data } = await (await acme.request.get('/api/v2/orders?limit=1')).json();
    await acme.close();

    const northwind = await browser.newPage();
    await signIn(northwind, 'northwindAdmin');
    await expect(northwind.getByTestId('tenant-name')).toHaveText('Northwind Health');
    const response = await northwind.goto(`/orders/${data[0].id}`);
    expect(response?.status()).toBe(404);
    expect((await northwind.request.get(`/api/v2/orders/${data[0].id}`)).status()).toBe(404);
    await northwind.close();
  });
});
