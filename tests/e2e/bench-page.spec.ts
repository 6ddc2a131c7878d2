/**
 * The benchmark's constant page (issue 34, app/(bench)/bench/constant-page) is served only by a
 * server started with BENCH_PAGES=on (npm run bench:api); any other server answers it as an
 * unknown page.
 */
import { expect, test } from '@playwright/test';

test('/bench/constant-page is 404 without BENCH_PAGES=on', async ({ request }) => {
  const response = await request.get('/bench/constant-page');
  expect(response.status()).toBe(404);
  expect(await response.text()).not.toContain('A fixed table: the page ceiling of the benchmark.');
});
