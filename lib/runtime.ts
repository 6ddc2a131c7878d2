/**
 * The runtime of this process: everything that lives as long as the process and must exist once in
 * it, on ONE key of globalThis (`Symbol.for('dto.runtime')`).
 *
 * Why on globalThis: Next.js bundles the start-up hook (instrumentation.ts) and each route handler
 * separately, so a module-level variable exists once per bundle. The database the start-up hook
 * opened, the token cache a revocation clears, the wake-up a commit sends to the delivery worker,
 * the metrics every route counts into: each must be the process's one, whichever bundle asks.
 *
 * Built by the first `runtime()` of the process, whichever module asks: the start-up of a process
 * (`startProcess` in lib/start-up.ts: instrumentation.ts, `npm run worker`, the CLI, `npm start`)
 * asks first; a test builds it by using the code. It holds:
 *
 * - `config`: the validated settings (lib/config/env.ts `env`), and `log`, the JSON logger (lib/log.ts);
 * - `servedByOurServer`, `consoleRedacted`: the two facts of the process declared below;
 * - the members their owners declare on `Runtime` (TypeScript module augmentation, so that this
 *   leaf imports none of them) and create at their first use, as before on globalThis:
 *   - database handles: `database` (lib/app-db.ts), `backgroundDatabase` (lib/worker/background-db.ts),
 *     `genericPlanDbs` (lib/db/client.ts), `pgliteStatements` (lib/db/pglite-statements.ts);
 *   - caches: `principalCache` (lib/domain/api-tokens/tokens.ts), `agencyReferenceData`
 *     (lib/domain/agencies), `unacknowledgedBadge` (app/(dashboard)/results-badge.ts),
 *     `rateLimitStore` (lib/rate-limit), `webhookAgents` (lib/worker/send.ts);
 *   - wake-ups: `deliveriesDue`, `messagesDue` (lib/domain/outbox/webhook-wake.ts, message-wake.ts);
 *   - `metrics` (lib/observability/metrics.ts), `adminKey` (lib/admin/server.ts), `backgroundWork`
 *     (lib/background.ts).
 */
import { env, type Config } from '@/lib/config/env';
import { log, redactConsole } from '@/lib/log';

export interface Runtime {
  /** The validated settings of the process (lib/config/env.ts `env`: a read sees the current environment). */
  readonly config: Readonly<Config>;
  /** The JSON logger (lib/log.ts). */
  readonly log: typeof log;
  /**
   * scripts/server.mjs serves this process (scripts/lib/request-origin.mjs sets it, on the same key:
   * it runs before any TypeScript), so the address headers it sets can be trusted (lib/http/client-address.ts).
   */
  servedByOurServer?: boolean;
  /** console's methods pass through the log's describer (installConsoleRedaction). */
  consoleRedacted?: boolean;
}

const KEY = Symbol.for('dto.runtime');

/** The runtime of this process, built at the first call. */
export function runtime(): Runtime {
  const holder = globalThis as { [KEY]?: Partial<Runtime> };
  const current = holder[KEY];
  if (current?.config) return current as Runtime;
  // Completes what scripts/lib/request-origin.mjs may have put there first.
  const built = Object.assign(current ?? {}, { config: env, log });
  holder[KEY] = built;
  return built;
}

/** console's methods through the log's describer (lib/log.ts redactConsole), once per process. */
export function installConsoleRedaction(): void {
  const current = runtime();
  if (current.consoleRedacted) return;
  current.consoleRedacted = true;
  redactConsole();
}
