import next from 'eslint-config-next';

// Layers (docs/architecture.md "Layers"): a folder imports only the folders listed for it, so
// lower layers never import higher ones. import/no-restricted-paths (eslint-plugin-import, already
// part of eslint-config-next) resolves each import, `@/` alias and relative path alike, and checks
// dynamic import() too. A zone lists what its files may import from lib/, app/, components/,
// scripts/ and tests/ (globs: a single file is written `name.*`); packages are not concerned (the
// domain's are below). lib/runtime.ts counts as a leaf: the process's one holder of state, which
// every layer reaches; the members it holds are declared by their owners, so it imports none of them.
const leaves = ['lib/config/**', 'lib/log.*', 'lib/runtime.*', 'lib/ids.*', 'lib/secrets.*', 'lib/geo/**', 'lib/html.*', 'lib/i18n/**', 'lib/format/**'];
const project = ['lib/**', 'app/**', 'components/**', 'scripts/**', 'tests/**'];
const layer = (target, allowed, message) => ({
  target,
  from: project,
  except: [...allowed, ...leaves].map((glob) => `${import.meta.dirname}/${glob}`),
  message,
});

/**
 * The domain's order (docs/architecture.md "The domain's order"), lowest first. A group may import
 * itself and the groups above it in this list, never one below. The third wave's modules have their
 * places before they are written.
 */
const DOMAIN_GROUPS = [
  ['kernel: context, errors, transactions, paging, access, audit, scopes, imports', ['lib/domain/*.ts']],
  ['contract: representations and the vocabularies they need', ['lib/domain/contract/**']],
  ['outbox: what a change leaves to be sent (messages, webhook events), where it may go, how it is signed; the event catalog', ['lib/domain/outbox/**', 'lib/domain/events/**', 'lib/domain/webhook-endpoints/**']],
  ['order model: statuses, the order representation and its stored document', ['lib/domain/order-model/**']],
  ['tenancy: tenants, users, API tokens', ['lib/domain/tenants/**', 'lib/domain/users/**', 'lib/domain/api-tokens/**']],
  ['reference data: agencies, services, clinics, random-testing rates', ['lib/domain/agencies/**', 'lib/domain/services/**', 'lib/domain/clinics/**', 'lib/domain/rates/**']],
  ['setup: companies, locations, packages, the roster', ['lib/domain/companies/**', 'lib/domain/locations/**', 'lib/domain/packages/**', 'lib/domain/employees/**']],
  ['passes: issued with an order', ['lib/domain/passes/**']],
  ['orders', ['lib/domain/orders/**']],
  [
    'what orders cause and read: the participant page, messages, webhook deliveries, documents, random testing, follow-up plans, actions, reports, what results cause (Clearinghouse, recollection)',
    ['lib/domain/participant/**', 'lib/domain/messages/**', 'lib/domain/webhooks/**', 'lib/domain/documents/**', 'lib/domain/random/**', 'lib/domain/follow-up/**', 'lib/domain/actions/**', 'lib/domain/reports/**', 'lib/domain/results/**'],
  ],
  ['sandbox: the sandbox clock, which runs every timer of a tenant that falls due', ['lib/domain/sandbox/**']],
];

function domainGroups() {
  return DOMAIN_GROUPS.map(([name, target], index) => ({
    target,
    from: 'lib/domain/**',
    except: DOMAIN_GROUPS.slice(0, index + 1).flatMap(([, globs]) => globs).map((glob) => `${import.meta.dirname}/${glob}`),
    message: `lib/domain, ${name.split(':')[0]}: imports only its own group and those before it (${DOMAIN_GROUPS.slice(0, index).map(([n]) => n.split(':')[0]).join(', ') || 'none'}).`,
  }));
}

const layers = [
  // UI: components may use domain types, zod schemas and pure helpers, never server-only code.
  layer('components/**', ['components/**', 'lib/domain/**', 'lib/api/**'], 'components/ import UI code, lib/domain and lib/api only.'),
  // Start-up steps of a process: the environment check, migrations and seed.
  layer('lib/start-up.ts', ['lib/app-db.*', 'lib/db/**', 'lib/seed/**'], 'lib/start-up.ts imports lib/app-db, lib/db and lib/seed.'),
  // Start-up composition: the delivery worker and the sandbox together.
  layer('lib/background.ts', ['lib/worker/**', 'lib/sandbox/**', 'lib/app-db.*', 'lib/db/**'], 'lib/background.ts starts lib/worker and lib/sandbox.'),
  // Operator CLI and admin channel; its server is an HTTP endpoint and reads the client address.
  layer('lib/admin/**', ['lib/admin/**', 'lib/auth/**', 'lib/domain/**', 'lib/seed/**', 'lib/start-up.*', 'lib/app-db.*', 'lib/db/**', 'lib/http/client-address.*'], 'lib/admin imports domain, auth, seed, start-up and db (of lib/http only client-address).'),
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
  layer('lib/sandbox/**', ['lib/sandbox/**', 'lib/worker/loop.*', 'lib/domain/**', 'lib/seed/sample-pdf.*', 'lib/app-db.*', 'lib/db/**'], 'lib/sandbox imports domain, db, lib/worker/loop.ts and the sample PDFs.'),
  // Rate limits: infrastructure over the database or Redis.
  layer('lib/rate-limit/**', ['lib/rate-limit/**', 'lib/domain/errors.*', 'lib/app-db.*', 'lib/db/**'], 'lib/rate-limit imports db and DomainError.'),
  // The process's database: opened once (lib/start-up.ts migrates and seeds it).
  layer('lib/app-db.ts', ['lib/db/**'], 'lib/app-db.ts imports lib/db only: opening the database never pulls in the seed.'),
  // Demo and standard data: seeding is not storage.
  layer('lib/seed/**', ['lib/seed/**', 'lib/domain/**', 'lib/db/**'], 'lib/seed imports domain and db.'),
  // The domain: business rules over the database; never HTTP, sessions, workers or seed.
  layer('lib/domain/**', ['lib/domain/**', 'lib/db/**'], 'lib/domain imports lib/db and the leaves only.'),
  // Inside the domain, one direction: each group imports only itself and the groups before it.
  ...domainGroups(),
  // Storage: schema, client, migrations.
  layer('lib/db/**', ['lib/db/**'], 'lib/db imports nothing above it (no domain, no seed).'),
  // Leaves: configuration, logging, the runtime, ids, secrets, geography, HTML escaping, the participant's words, time formatting.
  layer(leaves, [], 'lib/config, lib/log, lib/runtime, lib/ids, lib/secrets, lib/geo, lib/html, lib/i18n and lib/format import nothing of the project but each other.'),
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
