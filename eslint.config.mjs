import next from 'eslint-config-next';

// Layers (docs/architecture.md "Layers"): a folder imports only the folders listed for it, so
// lower layers never import higher ones. import/no-restricted-paths (eslint-plugin-import, already
// part of eslint-config-next) resolves each import, `@/` alias and relative path alike, and checks
// dynamic import() too. A zone lists what its files may import from lib/, app/, components/,
// scripts/ and tests/ (globs: a single file is written `name.*`); packages are not concerned (the
// domain's are below).
const leaves = ['lib/config/**', 'lib/log.*', 'lib/ids.*', 'lib/secrets.*', 'lib/geo/**'];
const project = ['lib/**', 'app/**', 'components/**', 'scripts/**', 'tests/**'];
const layer = (target, allowed, message) => ({
  target,
  from: project,
  except: [...allowed, ...leaves].map((glob) => `${import.meta.dirname}/${glob}`),
  message,
});

const layers = [
  // UI: components may use domain types, zod schemas and pure helpers, never server-only code.
  layer('components/**', ['components/**', 'lib/domain/**', 'lib/api/**'], 'components/ import UI code, lib/domain and lib/api only.'),
  // Start-up composition: the delivery worker and the sandbox together.
  layer('lib/background.ts', ['lib/worker/**', 'lib/sandbox/**', 'lib/app-db.*', 'lib/db/**'], 'lib/background.ts starts lib/worker and lib/sandbox.'),
  // Operator CLI and admin channel; its server is an HTTP endpoint and reads the client address.
  layer('lib/admin/**', ['lib/admin/**', 'lib/auth/**', 'lib/domain/**', 'lib/seed/**', 'lib/app-db.*', 'lib/db/**', 'lib/http/client-address.*'], 'lib/admin imports domain, auth, seed and db (of lib/http only client-address).'),
  // The API wrapper: auth resolution, scopes, parsing, error envelope, client address, sign-in limits.
  layer('lib/http/**', ['lib/http/**', 'lib/api/**', 'lib/auth/**', 'lib/observability/**', 'lib/rate-limit/**', 'lib/domain/**', 'lib/app-db.*', 'lib/db/**'], 'lib/http sits above auth, domain and db, beside admin and the workers.'),
  // The API contract: operation table, representations, OpenAPI.
  layer('lib/api/**', ['lib/api/**', 'lib/domain/**'], 'lib/api imports lib/domain only.'),
  // Dashboard sessions (next-auth), page context and the one rule for where sign-in may go back to.
  layer('lib/auth/**', ['lib/auth/**', 'lib/domain/**', 'lib/rate-limit/**', 'lib/app-db.*', 'lib/db/**'], 'lib/auth imports domain, rate-limit and db, not lib/http.'),
  // Metrics and readiness.
  layer('lib/observability/**', ['lib/observability/**', 'lib/worker/heartbeat.*', 'lib/app-db.*', 'lib/db/**'], 'lib/observability imports db and the worker heartbeat.'),
  // Background jobs: the worker never imports the sandbox; the sandbox may use the worker's loop.
  layer('lib/worker/**', ['lib/worker/**', 'lib/domain/**', 'lib/app-db.*', 'lib/db/**'], 'lib/worker imports domain and db, never lib/sandbox.'),
  layer('lib/sandbox/**', ['lib/sandbox/**', 'lib/worker/loop.*', 'lib/domain/**', 'lib/app-db.*', 'lib/db/**'], 'lib/sandbox imports domain, db and lib/worker/loop.ts.'),
  // Rate limits: infrastructure over the database or Redis.
  layer('lib/rate-limit/**', ['lib/rate-limit/**', 'lib/domain/errors.*', 'lib/app-db.*', 'lib/db/**'], 'lib/rate-limit imports db and DomainError.'),
  // The process's database: opened once, migrated, seeded when empty.
  layer('lib/app-db.ts', ['lib/db/**', 'lib/seed/**'], 'lib/app-db.ts imports lib/db and lib/seed.'),
  // Demo and standard data: seeding is not storage.
  layer('lib/seed/**', ['lib/seed/**', 'lib/domain/**', 'lib/db/**'], 'lib/seed imports domain and db.'),
  // The domain: business rules over the database; never HTTP, sessions, workers or seed.
  layer('lib/domain/**', ['lib/domain/**', 'lib/db/**'], 'lib/domain imports lib/db and the leaves only.'),
  // Inside the domain, one direction between orders and webhooks: orders may use webhooks (callback
  // URL rule, wake-up), webhooks never orders (shared parts live in access.ts and audit.ts).
  { target: 'lib/domain/webhooks', from: 'lib/domain/orders', message: 'lib/domain/webhooks must not import lib/domain/orders (orders import webhooks).' },
  // Storage: schema, client, migrations.
  layer('lib/db/**', ['lib/db/**'], 'lib/db imports nothing above it (no domain, no seed).'),
  // Leaves: configuration, logging, ids, secrets, geography.
  layer(leaves, [], 'lib/config, lib/log, lib/ids, lib/secrets and lib/geo import nothing of the project.'),
];

const config = [
  { ignores: ['.next/**', '.next-*/**', '.data/**', 'node_modules/**', 'lib/db/migrations/**', 'test-results/**', 'playwright-report/**', 'next-env.d.ts'] },
  ...next,
  { rules: { 'import/no-restricted-paths': ['error', { basePath: import.meta.dirname, zones: layers }] } },
  {
    // The domain never speaks HTTP or renders: no Next.js, next-auth or React.
    files: ['lib/domain/**'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ group: ['next', 'next/*', 'next-auth', 'next-auth/*', 'react', 'react/*', 'react-dom', 'react-dom/*'], message: 'lib/domain never imports Next.js, next-auth or React.' }] }],
    },
  },
];
export default config;
