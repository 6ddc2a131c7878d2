/**
 * What `npm start` prints with APP_ENV=production (DESIGN.md 6.4): a production database gets no
 * demo data (lib/app-db.ts seeds the reference data only), so the banner names the three steps from
 * an empty database to a first order, with the exact commands. Used by scripts/start.ts; its test
 * is tests/unit/production-start.test.ts.
 */
const CLI = 'npm run --silent cli --';

/** The lines of the banner after the URL; `tenants` is how many the database holds. */
export function productionSteps(base: string, tenants: number): string[] {
  return [
    '',
    tenants === 0
      ? '  This database has no tenant yet (production never loads demo data). Three steps to a first order:'
      : `  This database has ${tenants} tenant${tenants === 1 ? '' : 's'}. To set up another customer, three steps to a first order:`,
    '',
    '  1. Create the tenant (it gets the standard service catalog):',
    `       ${CLI} tenant create --slug <slug> --name "<Customer name>"`,
    '  2. Create its first admin (prints a generated password unless you give --password):',
    `       ${CLI} user create --tenant <slug> --email <you@example.com> --role admin --name "<Your name>"`,
    `  3. Sign in at ${base}/login with that e-mail and password. The home page's checklist leads`,
    '     through a company, a location, a package and your clinic network to the first order:',
    `       ${CLI} clinics import --tenant <slug> --file clinics.csv`,
    '',
    `  API tokens   ${CLI} token create --tenant <slug>   (all commands: ${CLI} help)`,
  ];
}
