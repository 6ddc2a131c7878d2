/**
 * The operator commands, in one place. The CLI (scripts/cli.ts) runs them on a database it opens
 * itself, or sends them to the running server over the admin channel (lib/admin/server.ts), which
 * runs the very same `parse` and `run`. A command is named by two words (`token create`), takes
 * string and boolean arguments (flags and named positionals) and returns JSON.
 *
 * `parse` validates without the database (so bad input fails fast, without taking the PGlite lock)
 * and throws `UsageError`; `run` may throw `DomainError` (unknown tenant, duplicate e-mail...).
 */
import { isScope, ROLES, SCOPES, type Role } from '@/lib/domain/scopes';
import type { Database, Db } from '@/lib/db/client';
import { makeCtx, systemPrincipal, type Ctx } from '@/lib/domain/context';
import { DomainError, type ErrorCode } from '@/lib/domain/errors';
import { IMPORT_COMMANDS } from './import-commands';
import { RANDOM_COMMANDS } from './random-commands';
import { RETENTION_COMMANDS } from './retention-commands';
import { describeErrorBriefly } from '@/lib/log';

// The database side (drizzle schema, seed, bcrypt) is imported when a command runs, so that the CLI
// answers bad input, and hands a command to the server, without loading it.
const tokens = () => import('@/lib/domain/api-tokens/tokens');
const tenantsDomain = () => import('@/lib/domain/tenants');
const apiTokens = () => import('@/lib/domain/api-tokens');

/**
 * The operator's Ctx: the system actor `cli`, tenant-wide with every scope, so the domain operations
 * (and their audit entries) run for it as for any principal. Without a tenant for `tenant create`.
 */
async function cliCtx(db: Db, tenantId?: string): Promise<Ctx> {
  const companyIds = tenantId ? await (await tenantsDomain()).allCompanyIds(db, tenantId) : [];
  return makeCtx(systemPrincipal('cli', { tenantId: tenantId ?? '', companyIds }), db);
}

/** The tenant a command names by its slug, and the operator's Ctx for it. */
export async function cliCtxOf(db: Db, slug: string) {
  const tenant = await (await tenantsDomain()).tenantBySlug(db, slug);
  return { tenant, ctx: await cliCtx(db, tenant.id) };
}

/** Bad input: a missing or malformed argument, an unknown command. Exit code 2, HTTP 400. */
export class UsageError extends Error {
  constructor(
    message: string,
    /** The command whose help to point at. */
    readonly command?: string,
  ) {
    super(message);
  }
}

/** Option values and named positionals, as strings. */
export type RawArgs = Record<string, string | undefined>;

export interface OptionSpec {
  /** A boolean option is a flag without value; it reaches `parse` as the string 'true'. */
  type: 'string' | 'boolean';
  /** Shown in the usage, e.g. `<slug>`. */
  value?: string;
  description: string;
  required?: boolean;
  /** A file path: the CLI makes it absolute before the server's admin channel reads it. */
  path?: boolean;
}

export interface Command<I = unknown> {
  /** Two words: group and verb. */
  name: string;
  summary: string;
  /** More lines for the command's --help (formats, defaults), after the summary. */
  details?: string;
  /** Named positional arguments, in order (all required). */
  positionals?: readonly string[];
  options: Record<string, OptionSpec>;
  /** Validates the arguments without touching the database. */
  parse(args: RawArgs): I;
  run(database: Database, input: I): Promise<unknown>;
  /** The CLI's exit code for a result (default 0), e.g. 2 for an import that wrong lines rolled back. */
  exitCode?(result: unknown, input: I): number;
}

function defineCommand<I>(command: Command<I>): Command<unknown> {
  return command as Command<unknown>;
}

// ---------------------------------------------------------------------------------------------
// Argument helpers
// ---------------------------------------------------------------------------------------------

function text(args: RawArgs, name: string): string | undefined {
  const value = args[name];
  if (value === undefined) return undefined;
  if (value.trim() === '') throw new UsageError(`--${name} needs a value.`);
  return value.trim();
}

function required(args: RawArgs, name: string, hint: string): string {
  const value = text(args, name);
  if (value === undefined) throw new UsageError(`--${name} ${hint} is required.`);
  return value;
}

/** `a,b,c` or `all`. */
function listOrAll(args: RawArgs, name: string): string[] | 'all' {
  const value = text(args, name);
  if (value === undefined || value === 'all') return 'all';
  const items = value.split(',').map((s) => s.trim()).filter(Boolean);
  if (!items.length) throw new UsageError(`--${name} needs a comma-separated list or "all".`);
  return [...new Set(items)];
}

function positiveInteger(args: RawArgs, name: string): number | undefined {
  const value = text(args, name);
  if (value === undefined) return undefined;
  const n = Number(value);
  if (!/^\d+$/.test(value) || !Number.isSafeInteger(n) || n <= 0) {
    throw new UsageError(`--${name} must be a positive whole number of seconds, not "${value}".`);
  }
  return n;
}

const tenantOption: OptionSpec = { type: 'string', value: '<slug>', description: 'tenant slug, e.g. acme', required: true };
const companiesOption: OptionSpec = {
  type: 'string',
  value: '<id,...|all>',
  description: 'linked companies (default: all, present and future)',
};

// ---------------------------------------------------------------------------------------------
// The commands
// ---------------------------------------------------------------------------------------------

export const COMMANDS: readonly Command[] = [
  defineCommand({
    name: 'tenant create',
    summary: 'Create a tenant (with its own webhook signing secret) and its standard service catalog.',
    options: {
      slug: { type: 'string', value: '<slug>', description: 'lower-case letters, digits and dashes, e.g. acme', required: true },
      name: { type: 'string', value: '<name>', description: 'display name', required: true },
      'no-catalog': { type: 'boolean', description: 'no standard service catalog (the DOT and non-DOT services of the demo); add services with catalog import' },
    },
    parse(args) {
      const slug = required(args, 'slug', '<slug>');
      if (!/^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/.test(slug)) {
        throw new UsageError(`The slug "${slug}" must be 1 to 63 lower-case letters, digits and dashes, not starting or ending with a dash.`);
      }
      const catalog = args['no-catalog'] === undefined || args['no-catalog'] === 'false';
      if (!catalog && args['no-catalog'] !== 'true') throw new UsageError('--no-catalog takes no value.');
      return { slug, name: required(args, 'name', '<name>'), catalog };
    },
    async run({ db }, input) {
      const [{ createTenant }, { addStandardCatalog }, { withTransaction }] = await Promise.all([
        tenantsDomain(),
        import('@/lib/seed/catalog'),
        import('@/lib/domain/transaction'),
      ]);
      // The tenant and its catalog together, or neither: createTenant's transaction joins this one.
      return withTransaction(await cliCtx(db), async (tx) => {
        const tenant = await createTenant({ ctx: tx, input: { slug: input.slug, name: input.name } });
        const services = input.catalog ? (await addStandardCatalog(tx.db, tenant.id)).inserted : 0;
        return { ...tenant, services };
      });
    },
  }),

  defineCommand({
    name: 'tenant list',
    summary: 'List the tenants.',
    options: {},
    parse: () => ({}),
    async run({ db }) {
      const [{ tenants }, { asc }] = await Promise.all([import('@/lib/db/schema'), import('drizzle-orm')]);
      const rows = await db.select({ id: tenants.id, slug: tenants.slug, name: tenants.name, createdAt: tenants.createdAt }).from(tenants).orderBy(asc(tenants.slug));
      return rows.map((t) => ({ ...t, createdAt: t.createdAt.toISOString() }));
    },
  }),

  defineCommand({
    name: 'token create',
    summary: 'Create an API token; prints it once.',
    options: {
      tenant: tenantOption,
      scopes: { type: 'string', value: '<scope,...|all>', description: 'scopes (default: all)' },
      companies: companiesOption,
      'expires-in': { type: 'string', value: '<seconds>', description: 'lifetime (default: never expires)' },
      name: { type: 'string', value: '<text>', description: 'label shown in listings (default: cli)' },
    },
    parse(args) {
      const scopes = listOrAll(args, 'scopes');
      if (scopes !== 'all') {
        const unknown = scopes.filter((s) => !isScope(s));
        if (unknown.length) throw new UsageError(`Unknown scope(s): ${unknown.join(', ')}. Known scopes: ${SCOPES.join(', ')}.`);
      }
      return {
        tenant: required(args, 'tenant', '<slug>'),
        scopes,
        companyIds: listOrAll(args, 'companies'),
        expiresInSeconds: positiveInteger(args, 'expires-in'),
        name: text(args, 'name') ?? 'cli',
      };
    },
    async run({ db }, input) {
      const [{ ctx }, { createApiToken }] = await Promise.all([cliCtxOf(db, input.tenant), apiTokens()]);
      const { id, token, scopes, companyIds, expiresAt } = await createApiToken({
        ctx,
        input: { name: input.name, scopes: input.scopes, companyIds: input.companyIds, expiresInSeconds: input.expiresInSeconds },
      });
      return { id, token, scopes, companyIds, expiresAt };
    },
  }),

  defineCommand({
    name: 'token revoke',
    summary: 'Revoke an API token by id (revoking twice is not an error).',
    positionals: ['id'],
    options: {},
    parse(args) {
      const id = args.id?.trim();
      if (!id) throw new UsageError('The id of the token to revoke is required.');
      return { id };
    },
    async run({ db }, { id }) {
      const { revokeApiToken, tenantOfToken } = await apiTokens();
      // The operator names a token by id alone: it acts in the token's tenant.
      const tenantId = await tenantOfToken(db, id);
      if (!tenantId) throw new DomainError('notFound', `No API token with id "${id}".`);
      await revokeApiToken({ ctx: await cliCtx(db, tenantId), input: { id } });
      return { id, revoked: true };
    },
  }),

  defineCommand({
    name: 'token list',
    summary: "List a tenant's API tokens (never the tokens themselves).",
    options: { tenant: tenantOption },
    parse: (args) => ({ tenant: required(args, 'tenant', '<slug>') }),
    async run({ db }, input) {
      const { listTokens } = await tokens();
      const { tenantBySlug } = await tenantsDomain();
      const tenant = await tenantBySlug(db, input.tenant);
      return listTokens(db, tenant.id);
    },
  }),

  defineCommand({
    name: 'user create',
    summary: 'Create a dashboard user; prints a generated password when none is given.',
    options: {
      tenant: tenantOption,
      email: { type: 'string', value: '<email>', description: 'login e-mail', required: true },
      role: { type: 'string', value: `<${ROLES.join('|')}>`, description: 'role, which decides the scopes', required: true },
      password: { type: 'string', value: '<password>', description: 'at least 8 characters (default: generated)' },
      name: { type: 'string', value: '<name>', description: 'display name' },
      companies: companiesOption,
    },
    parse(args) {
      const role = required(args, 'role', `<${ROLES.join('|')}>`);
      if (!(ROLES as readonly string[]).includes(role)) throw new UsageError(`Unknown role "${role}"; expected one of ${ROLES.join(', ')}.`);
      return {
        tenant: required(args, 'tenant', '<slug>'),
        email: required(args, 'email', '<email>'),
        role: role as Role,
        password: args.password, // as typed: not trimmed
        name: text(args, 'name'),
        companyIds: listOrAll(args, 'companies'),
      };
    },
    async run({ db }, input) {
      const [{ tenant, ctx }, { createUser, generatePassword }] = await Promise.all([cliCtxOf(db, input.tenant), import('@/lib/domain/users')]);
      const password = input.password ?? generatePassword();
      const { email, role, name, companyIds } = input;
      const user = await createUser({ ctx, input: { email, role, password, name, companyIds } });
      return { ...user, tenant: tenant.slug, ...(input.password === undefined ? { password } : {}) };
    },
  }),

  defineCommand({
    name: 'db seed',
    summary: 'Apply migrations and seed an empty database (demo data unless APP_ENV=production).',
    options: {},
    parse: () => ({}),
    async run(database) {
      const { migrateAndSeed } = await import('@/lib/start-up');
      const { demo, seeded } = await migrateAndSeed(database);
      const message = seeded
        ? 'Applied the migrations and wrote the reference data and the demo data (tenants acme and northwind).'
        : demo
          ? 'Applied the migrations and the reference data; the database already has tenants, so no demo data was written.'
          : 'Applied the migrations and the reference data (APP_ENV=production: no demo data).';
      return { driver: database.driver, migrated: true, seeded, message };
    },
  }),

  defineCommand({
    name: 'webhook-secret show',
    summary: "Show a tenant's webhook signing secret.",
    options: { tenant: tenantOption },
    parse: (args) => ({ tenant: required(args, 'tenant', '<slug>') }),
    async run({ db }, input) {
      const tenant = await (await tenantsDomain()).tenantBySlug(db, input.tenant);
      return { secret: tenant.webhookSecret };
    },
  }),

  defineCommand({
    name: 'webhook-secret rotate',
    summary: "Replace a tenant's webhook signing secret; deliveries from now on use the new one.",
    options: { tenant: tenantOption },
    parse: (args) => ({ tenant: required(args, 'tenant', '<slug>') }),
    async run({ db }, input) {
      const [{ ctx }, { rotateWebhookSecret }] = await Promise.all([cliCtxOf(db, input.tenant), tenantsDomain()]);
      return { secret: await rotateWebhookSecret({ ctx }) };
    },
  }),

  ...(IMPORT_COMMANDS as readonly Command[]),
  ...(RETENTION_COMMANDS as readonly Command[]),
  ...RANDOM_COMMANDS,
];

export function findCommand(name: string): Command | undefined {
  return COMMANDS.find((c) => c.name === name);
}

export const GROUPS = [...new Set(COMMANDS.map((c) => c.name.split(' ')[0]))];

/**
 * Resolves a command and validates its arguments as they arrive (from argv or from JSON):
 * known keys only, strings only, then the command's own `parse`.
 */
export function prepareCommand(name: unknown, args: unknown): { command: Command; input: unknown } {
  const command = typeof name === 'string' ? findCommand(name) : undefined;
  if (!command) throw new UsageError(`Unknown command "${String(name)}". Commands: ${COMMANDS.map((c) => c.name).join(', ')}.`);
  if (args !== undefined && (typeof args !== 'object' || args === null || Array.isArray(args))) {
    throw new UsageError('The arguments must be an object.');
  }
  const raw = (args ?? {}) as Record<string, unknown>;
  const known = new Set([...Object.keys(command.options), ...(command.positionals ?? [])]);
  for (const [key, value] of Object.entries(raw)) {
    if (!known.has(key)) throw new UsageError(`Unknown option --${key} for "${command.name}".`);
    if (value !== undefined && typeof value !== 'string') throw new UsageError(`--${key} must be a string.`);
  }
  return { command, input: command.parse(raw as RawArgs) };
}

/**
 * The status of a domain error on the admin channel. The commands meet few codes: an unknown
 * tenant, token or company (404) and a duplicate (409); the others they meet are bad values (400).
 * Only 4xx against 5xx matters to the CLI's exit code. lib/admin keeps this small table of its own
 * rather than importing the API's (lib/http/errors.ts): the operator's tools sit beside the API.
 */
const FAILURE_STATUS: Partial<Record<ErrorCode, number>> = { notFound: 404, conflict: 409 };

/** How a failure is reported: an HTTP status (4xx = the caller's fault) and a one-line message. */
export function describeFailure(error: unknown): { status: number; message: string } {
  if (error instanceof UsageError) return { status: 400, message: error.message };
  if (error instanceof DomainError) {
    return { status: FAILURE_STATUS[error.entries[0].code] ?? 400, message: error.entries.map((e) => e.detail).join(' ') };
  }
  return { status: 500, message: describeErrorBriefly(error) };
}

/** `token create --tenant <slug> [--scopes <scope,...|all>] ...` */
export function usageOf(command: Command): string {
  const parts = [command.name, ...(command.positionals ?? []).map((p) => `<${p}>`)];
  for (const [name, option] of Object.entries(command.options)) {
    const flag = option.type === 'boolean' ? `--${name}` : `--${name} ${option.value ?? '<value>'}`;
    parts.push(option.required ? flag : `[${flag}]`);
  }
  return parts.join(' ');
}
