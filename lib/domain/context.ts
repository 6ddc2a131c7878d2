import type { Db } from '@/lib/db/client';
import { newId } from '@/lib/ids';
import { SCOPES, type Scope } from '@/lib/domain/scopes';

/** Who is acting: an API token, a signed-in dashboard user, or the system (operator CLI, sandbox). */
export type Actor =
  | { type: 'token'; id: string; name: string }
  | { type: 'user'; id: string; email: string; name: string | null }
  | { type: 'system'; name: string };

/** A principal: tenant, linked companies, scopes. Tokens and dashboard users alike. */
export interface Principal {
  tenantId: string;
  /** Linked company ids, resolved (a token for "all" companies lists them all). */
  companyIds: string[];
  /**
   * Linked to every company of the tenant, present and future (a tenant-wide principal). Only such a
   * principal may grant "all companies" or change tenant-wide settings; absent counts as false.
   */
  allCompanies?: boolean;
  scopes: ReadonlySet<Scope>;
  actor: Actor;
}

/** Where a change comes from: `api` (a token), `dashboard` (a signed-in user) or `system`. */
export type Source = 'api' | 'dashboard' | 'system';

/** What every domain operation receives: the principal and the database (pool or transaction). */
export interface Ctx extends Principal {
  db: Db;
  requestId: string;
  /** Where a created order comes from: `api` or `dashboard`. */
  source: Source;
}

/**
 * The one way to build a Ctx, for the API, dashboard pages and actions, the sandbox and the CLI:
 * the principal over the database. The source follows from the actor unless given.
 */
export function makeCtx<P extends Principal>(principal: P, db: Db, options: { requestId?: string; source?: Source } = {}): P & Ctx {
  const source = options.source ?? (principal.actor.type === 'token' ? 'api' : principal.actor.type === 'user' ? 'dashboard' : 'system');
  return { ...principal, db, requestId: options.requestId ?? newId(), source };
}

/**
 * The system acting for one tenant: the operator CLI (`cli`) or the sandbox. Tenant-wide (every
 * company the caller lists, `allCompanies`), with every scope unless fewer are given.
 */
export function systemPrincipal(name: string, tenant: { tenantId: string; companyIds: string[] }, scopes: ReadonlySet<Scope> = new Set(SCOPES)): Principal {
  return { tenantId: tenant.tenantId, companyIds: tenant.companyIds, allCompanies: true, scopes, actor: { type: 'system', name } };
}
