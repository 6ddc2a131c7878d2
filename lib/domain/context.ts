import type { Db } from '@/lib/db/client';
import type { Scope } from '@/lib/domain/scopes';

/** Who is acting: an API token, a signed-in dashboard user, or the system (sandbox, worker). */
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

/** What every domain operation receives: the principal and the database (pool or transaction). */
export interface Ctx extends Principal {
  db: Db;
  requestId: string;
  /** Where a created order comes from: `api` or `dashboard`. */
  source: 'api' | 'dashboard' | 'system';
}
