/**
 * The only conditions under which a test may be skipped, declared in one place. A test that skips
 * names its condition's tag in its title (or, in a browser spec, at the start of the skip's
 * reason); `npm test` lists every skip with its reason, and under CI=true a skip without a declared
 * tag fails the run (scripts/test.ts). Anything else a test needs (a build, Chromium, a reachable
 * PostgreSQL in CI) it must have: missing, the test fails.
 */

/**
 * A PostgreSQL server for the tests that need one besides the app's own database: `DATABASE_URL`,
 * or `POSTGRES_URL_FOR_TESTS`, which scripts/test.ts sets for the stages whose app runs on PGlite.
 */
export const postgresUrlForTests = process.env.DATABASE_URL || process.env.POSTGRES_URL_FOR_TESTS || '';

export const CONDITIONS = {
  /** More than one process on one database, the PostgreSQL pools, a production setup on PostgreSQL. */
  postgres: { tag: '[needs PostgreSQL]', holds: postgresUrlForTests !== '', reason: 'no PostgreSQL: set DATABASE_URL (CI does)' },
  /** The app's database is PostgreSQL in this run (DATABASE_URL): the embedded engine's run skips these. */
  appOnPostgres: { tag: '[app on PostgreSQL]', holds: Boolean(process.env.DATABASE_URL), reason: 'this run keeps the app on PGlite, which allows one process' },
} as const;

export type Condition = keyof typeof CONDITIONS;

/** A title carrying the condition's tag: `describe.skipIf(!CONDITIONS.postgres.holds)(needs('postgres', 'title'), ...)`. */
export const needs = (condition: Condition, title: string) => `${title} ${CONDITIONS[condition].tag}`;

export const DECLARED_TAGS: readonly string[] = Object.values(CONDITIONS).map((c) => c.tag);
