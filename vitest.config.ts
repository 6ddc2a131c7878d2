import path from 'node:path';
import { defineConfig } from 'vitest/config';

const alias = { '@': path.resolve(import.meta.dirname) };

export default defineConfig({
  resolve: { alias },
  test: {
    // Vitest's default is one worker less than the cores: ONE on a 2-core machine. Test files mostly
    // wait (on PostgreSQL, on the servers they start), so two at once use both cores; more only queue
    // (measured: API on PostgreSQL 98 s with one worker, 62 s with two, 59 s with three). The option
    // is the run's (one pool serves every project).
    maxWorkers: 2,
    // `npm test` runs the unit and API projects with --no-isolate (scripts/test.ts): their files share
    // a worker's modules. With a fresh module graph per file, importing the app (the operations
    // table, drizzle, next/server) was most of each file's time (API on PostgreSQL 254 s isolated,
    // 100 s not; unit 71 s and 45 s). What a file changes in shared state it puts back (process.env,
    // the database handle of tests/api/harness.ts); every file makes its own tokens and rows. The
    // option is the run's, not a project's (vitest 3 reads the forks pool's options from the root),
    // so the CLI, server and scale projects, which set process-wide state, stay isolated.
    projects: [
      { resolve: { alias }, test: { name: 'unit', include: ['tests/unit/**/*.test.ts', 'lib/**/*.test.ts'], testTimeout: 120_000 } },
      {
        resolve: { alias },
        test: {
          name: 'api',
          include: ['tests/api/**/*.test.ts'],
          globalSetup: ['tests/api/global-setup.ts'],
          testTimeout: 60_000,
          env: { ALLOW_PRIVATE_CALLBACKS: 'true', RATE_LIMIT_ANONYMOUS_PER_MINUTE: '100000', RATE_LIMIT_PER_MINUTE: '100000', LOG_LEVEL: 'warn' },
          hookTimeout: 120_000,
        },
      },
      { resolve: { alias }, test: { name: 'cli', include: ['tests/cli/**/*.test.ts'], testTimeout: 120_000, hookTimeout: 120_000 } },
      // Probes over real HTTP against scripts/server.mjs on the production build (tests/server).
      { resolve: { alias }, test: { name: 'server', include: ['tests/server/**/*.test.ts'], testTimeout: 120_000, hookTimeout: 240_000 } },
      // Needs DATABASE_URL and a production build (tests/scale/scale-out.test.ts); scripts/test.ts runs it after the browser tests.
      { resolve: { alias }, test: { name: 'scale', include: ['tests/scale/**/*.test.ts'], testTimeout: 240_000, hookTimeout: 240_000 } },
    ],
  },
});
