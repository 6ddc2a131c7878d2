/**
 * The clinic finder reads a city typed without its state (issue 29): "Dallas" offers Dallas, TX and
 * the other places of that name from the offline ZIP data, and one click searches from it.
 */
import { expect, test } from '@playwright/test';
import { signIn } from './helpers';

test('"Dallas" offers Dallas, TX and the other Dallases; choosing one searches from it', async ({ page }) => {
  await signIn(page, 'manager', { to: '/clinics' });
  await page.getByLabel('ZIP code, city or address').fill('Dallas');
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(page.getByText('Which “Dallas”? Choose one below, or type it with its state (Dallas, TX).')).toBeVisible();
  const choices = page.getByRole('group', { name: 'Places with this name' });
  // Dallas, TX first (the most ZIP codes), then the others by their number of ZIP codes and state.
  await expect(choices.getByRole('button')).toHaveText(['Dallas, TX', 'Dallas, GA', 'Dallas, PA', 'Dallas, NC', 'Dallas, OR', 'Dallas, SD', 'Dallas, WI', 'Dallas, WV']);
  await choices.getByRole('button', { name: 'Dallas, TX' }).click();
  await expect(page).toHaveURL(/[?&]where=Dallas%2C(\+|%20)TX/);
  await expect(page.getByTestId('search-origin')).toContainText('Dallas, TX');
  await expect(page.getByTestId('clinic-result').first()).toBeVisible();
  await expect(choices).toHaveCount(0);
});
