/**
 * `retention purge` (DESIGN.md 6.2, 49 CFR 382.401): removes the contents of documents whose
 * order's retention day has passed, keeps their metadata (with `purgedAt`), and writes an audit
 * entry per order. The rule and the work are lib/domain/orders/retention.ts; here are the options.
 *
 * Registered in COMMANDS (commands.ts), which imports this module: it takes only types and
 * UsageError (used when a command runs, not while the modules load) from there.
 */
import type { Database } from '@/lib/db/client';
import { UsageError, type Command, type RawArgs } from './commands';

interface PurgeInput {
  dryRun: boolean;
  asOf?: string;
  tenant?: string;
  limit?: number;
}

function flag(args: RawArgs, name: string): boolean {
  const value = args[name];
  if (value === undefined || value === 'false') return false;
  if (value === 'true') return true;
  throw new UsageError(`--${name} takes no value.`);
}

function parsePurge(args: RawArgs): PurgeInput {
  const asOf = args['as-of']?.trim();
  if (asOf !== undefined && (!/^\d{4}-\d{2}-\d{2}$/.test(asOf) || Number.isNaN(Date.parse(`${asOf}T00:00:00Z`)) || new Date(`${asOf}T00:00:00Z`).toISOString().slice(0, 10) !== asOf))
    throw new UsageError(`--as-of must be a day as YYYY-MM-DD, not "${asOf}".`, 'retention purge');
  const tenant = args.tenant?.trim();
  if (tenant === '') throw new UsageError('--tenant needs a value.', 'retention purge');
  const rawLimit = args.limit?.trim();
  const limit = rawLimit === undefined ? undefined : Number(rawLimit);
  if (limit !== undefined && (!/^\d+$/.test(rawLimit!) || limit < 1 || limit > 100_000))
    throw new UsageError(`--limit must be a whole number from 1 to 100000, not "${rawLimit}".`, 'retention purge');
  return { dryRun: flag(args, 'dry-run'), asOf, tenant, limit };
}

export const RETENTION_COMMANDS: readonly Command<PurgeInput>[] = [
  {
    name: 'retention purge',
    summary: 'Remove the contents of documents kept past their retention day (49 CFR 382.401); keep their metadata.',
    details: [
      'An order that ends gets a retention day: 5 years for verified positives, refusals, adulterated or substituted',
      'specimens and failed tests; 1 year for negatives, other results and cancelled, expired or no-show orders.',
      'Documents of orders whose day is before today (or --as-of) lose their contents; each order gets an audit entry',
      '"documents.purged" listing them. Prints { "dryRun", "asOf", "orders": [{ "orderId", "tenantId", "code",',
      '"retentionUntil", "documents", "bytes" }], "documents", "bytes", "more" }; "more": run again for the rest.',
    ].join('\n'),
    options: {
      'dry-run': { type: 'boolean', description: 'report what would be removed; write nothing' },
      'as-of': { type: 'string', value: '<YYYY-MM-DD>', description: 'purge as on this day (default: today, UTC)' },
      tenant: { type: 'string', value: '<slug>', description: 'only this tenant (default: every tenant)' },
      limit: { type: 'string', value: '<n>', description: 'at most this many orders per run (default 1000)' },
    },
    parse: parsePurge,
    async run({ db }: Database, input) {
      const [{ purgeExpiredDocuments, fillMissingRetention }, { tenantBySlug }] = await Promise.all([
        import('@/lib/domain/orders/retention'),
        import('@/lib/domain/tenants'),
      ]);
      const tenantId = input.tenant ? (await tenantBySlug(db, input.tenant)).id : undefined;
      // Orders that ended by a path that did not set the day (older data): the same rule, from when they ended.
      if (!input.dryRun) await fillMissingRetention(db);
      return purgeExpiredDocuments(db, { asOf: input.asOf, dryRun: input.dryRun, tenantId, limit: input.limit, actor: { type: 'system', name: 'cli' } });
    },
  },
];
