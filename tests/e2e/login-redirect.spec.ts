/**
 * Where sign-in sends the user (issue 13, finding 6): only to a path of this site, whatever the
 * login link's `callbackUrl` says, both after the form signs in (a client-side navigation) and when a
 * signed-in user opens the login page (a server redirect). Requests to the attacker's host are
 * answered here, so a redirect that escapes ends on evil.test instead of a DNS error.
 */
import { expect, test, type Page } from '@playwright/test';
import { PASSWORD, signIn, USERS } from './helpers';

/** `callbackUrl` as an attacker writes it into a link (already percent-encoded where shown). */
const OFF_SITE = [
  '//evil.test',
  '/%5Cevil.test', // `/\evil.test`: a backslash is a slash to a browser
  '/%5C/evil.test',
  '/%09/evil.test', // a tab, which browsers strip: `//evil.test`
  '/%0A/evil.test', // a newline, likewise
  '%09//evil.test',
  '/..//evil.test', // dot segments resolve to the path `//evil.test`
  '/%2e%2e//evil.test',
  '/%252F%252Fevil.test', // `/%2F%2Fevil.test` once decoded
  'https://evil.test/orders',
  'http:/evil.test',
  'https:evil.test',
  'javascript:alert(document.domain)',
];

async function answerForTheAttacker(page: Page) {
  await page.context().route(/^https?:\/\/evil\.test\//, (route) => route.fulfill({ status: 200, contentType: 'text/html', body: '<h1>evil.test</h1>' }));
}

async function signInWithTheForm(page: Page, callbackUrl: string) {
  await page.goto(`/login?callbackUrl=${callbackUrl}`);
  await page.getByLabel('E-mail').fill(USERS.admin);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

test.describe('Sign-in: the page it goes to afterwards', () => {
  test('the form sends the user to a local callbackUrl, query included', async ({ page, baseURL }) => {
    await signInWithTheForm(page, encodeURIComponent('/orders?x=1'));
    await expect(page).toHaveURL(`${baseURL}/orders?x=1`, { timeout: 30_000 });
    await expect(page.getByTestId('user-name')).toBeVisible();
  });

  for (const callbackUrl of OFF_SITE) {
    test(`the form sends the user to /orders, not to ${callbackUrl}`, async ({ page, baseURL }) => {
      await answerForTheAttacker(page);
      await signInWithTheForm(page, callbackUrl);
      // Sign-in hashes the password: slow on a busy machine.
      await expect(page).toHaveURL(`${baseURL}/orders`, { timeout: 30_000 });
      await expect(page.getByTestId('user-name')).toBeVisible();
    });
  }

  test('a signed-in user who opens the login page is sent to /orders, never off site', async ({ page, baseURL }) => {
    await answerForTheAttacker(page);
    await signIn(page, 'admin');
    // The browser follows the first one; the server's answer to every one is a redirect to /orders
    // (read with the page's own session cookie, without following it: each would render /orders again).
    const response = await page.goto(`/login?callbackUrl=${OFF_SITE[0]}`);
    expect(page.url()).toBe(`${baseURL}/orders`);
    expect(response?.status()).toBe(200);
    for (const callbackUrl of OFF_SITE) {
      const redirect = await page.request.get(`/login?callbackUrl=${callbackUrl}`, { maxRedirects: 0 });
      expect(redirect.status(), callbackUrl).toBe(307);
      expect(new URL(redirect.headers().location, baseURL).href, callbackUrl).toBe(`${baseURL}/orders`);
    }
    await page.goto(`/login?callbackUrl=${encodeURIComponent('/clinics?near=10001')}`);
    expect(page.url()).toBe(`${baseURL}/clinics?near=10001`);
  });

  test.describe("next-auth's own routes (/api/auth/*)", () => {
    test('a callbackUrl that is neither a local path nor an http(s) URL is a 400, never a 500', async ({ request }) => {
      const unreadable = [...OFF_SITE.filter((callbackUrl) => !/^https?:\/\//.test(callbackUrl)), '%0A', 'not-a-url'];
      for (const callbackUrl of unreadable) {
        const response = await request.get(`/api/auth/signin?callbackUrl=${callbackUrl}`, { maxRedirects: 0 });
        expect(response.status(), callbackUrl).toBe(400);
        expect((await response.json()).errors, callbackUrl).toEqual([
          { code: 'invalidValue', detail: 'Query parameter "callbackUrl" must be a path of this site or an http(s) URL.', source: { pointer: '/callbackUrl' } },
        ]);
      }
    });

    test('another site becomes this site\'s root; a local path is kept', async ({ request, baseURL }) => {
      const target = async (callbackUrl: string) => {
        const response = await request.get(`/api/auth/signin?callbackUrl=${callbackUrl}`, { maxRedirects: 0 });
        expect(response.status(), callbackUrl).toBe(302);
        const location = new URL(response.headers()['location'], baseURL);
        expect(location.pathname).toBe('/login');
        return location.searchParams.get('callbackUrl');
      };
      expect(await target('https://evil.test/orders')).toBe(`${baseURL}/`);
      // Starts with this site's origin, but its host is evil.test.
      expect(await target(encodeURIComponent(`${baseURL}@evil.test/orders`))).toBe(`${baseURL}/`);
      expect(await target(encodeURIComponent('/orders?x=1'))).toBe(`${baseURL}/orders?x=1`);
    });

    test('a sign-in posted with an unreadable callbackUrl answers this site\'s root, not a 500', async ({ request, baseURL }) => {
      const { csrfToken } = (await (await request.get('/api/auth/csrf')).json()) as { csrfToken: string };
      for (const callbackUrl of ['not a url', '/\t/evil.test', 'https://evil.test/orders']) {
        const response = await request.post('/api/auth/callback/credentials', {
          form: { csrfToken, email: USERS.admin, password: PASSWORD, callbackUrl, json: 'true' },
        });
        expect(response.status(), callbackUrl).toBe(200);
        expect(await response.json(), callbackUrl).toEqual({ url: `${baseURL}/` });
      }
    });
  });

  test('a newline in callbackUrl is no server error, signed in or not', async ({ page, baseURL }) => {
    for (const callbackUrl of ['%0A', '/%0A', '/%0D%0ASet-Cookie:%20x=1']) {
      const anonymous = await page.goto(`/login?callbackUrl=${callbackUrl}`);
      expect(anonymous?.status(), callbackUrl).toBe(200);
      await expect(page.getByRole('heading', { name: 'Sign in to Testing Orders' })).toBeVisible();
    }
    await signIn(page, 'admin');
    for (const callbackUrl of ['%0A', '/%0A', '/%0D%0ASet-Cookie:%20x=1']) {
      const signedIn = await page.goto(`/login?callbackUrl=${callbackUrl}`);
      expect(signedIn?.status(), callbackUrl).toBe(200);
      expect(page.url(), callbackUrl).toBe(`${baseURL}/orders`);
    }
  });
});
