/**
 * API tokens: random, prefixed by environment (`dto_test_` staging, `dto_live_` production),
 * shown once and stored only as a SHA-256 hash. Authentication resolves a token to a Principal.
 */
import { hash, randomBytes } from 'node:crypto';
import { and, desc, eq, inArray, isNull, type SQL } from 'drizzle-orm';
import { env } from '@/lib/config/env';
import type { Db } from '@/lib/db/client';
import { apiTokens, companies, tenants } from '@/lib/db/schema';
import { newId } from '@/lib/ids';
import type { Principal } from '@/lib/domain/context';
import { DomainError } from '@/lib/domain/errors';
import { isScope, SCOPES, type Scope } from '@/lib/domain/scopes';
import { linkedCompanyIds } from '@/lib/domain/tenants';
import { runtime } from '@/lib/runtime';

export function tokenPrefix(): string {
  return env.APP_ENV === 'production' ? 'dto_live_' : 'dto_test_';
}

/** SHA-256, hex: the one-shot `crypto.hash` (no Hash object per call; it runs on every request). */
export function hashToken(token: string): string {
  return hash('sha256', token, 'hex');
}

export interface CreateTokenInput {
  tenantId: string;
  name: string;
  scopes: readonly string[] | 'all';
  companyIds: readonly string[] | 'all';
  /** Seconds until expiry; absent = never expires. */
  expiresInSeconds?: number;
  createdByUserId?: string;
}

export interface CreatedToken {
  id: string;
  token: string;
  name: string;
  scopes: Scope[];
  companyIds: string[] | 'all';
  expiresAt: string | null;
}

export async function createToken(db: Db, input: CreateTokenInput): Promise<CreatedToken> {
  const scopes = input.scopes === 'all' ? [...SCOPES] : [...new Set(input.scopes)];
  const unknown = scopes.filter((s) => !isScope(s));
  if (unknown.length) throw new DomainError('invalidValue', `Unknown scope(s): ${unknown.join(', ')}.`, { pointer: '/scopes' });
  if (input.companyIds !== 'all') {
    const ids = [...new Set(input.companyIds)];
    const found = ids.length
      ? await db
          .select({ id: companies.id })
          .from(companies)
          .where(and(eq(companies.tenantId, input.tenantId), inArray(companies.id, ids), isNull(companies.deletedAt)))
      : [];
    const missing = ids.filter((id) => !found.some((f) => f.id === id));
    if (missing.length) throw new DomainError('notFound', `Unknown company id(s) for this tenant: ${missing.join(', ')}.`, { pointer: '/companyIds' });
  }
  if (input.expiresInSeconds !== undefined && !(input.expiresInSeconds > 0)) {
    throw new DomainError('tooSmall', 'expires-in must be a positive number of seconds.', { pointer: '/expiresIn' });
  }
  const token = tokenPrefix() + randomBytes(24).toString('base64url');
  const expiresAt = input.expiresInSeconds !== undefined ? new Date(Date.now() + input.expiresInSeconds * 1000) : null;
  const id = newId();
  await db.insert(apiTokens).values({
    id,
    tenantId: input.tenantId,
    name: input.name,
    tokenHash: hashToken(token),
    prefix: token.slice(0, 13),
    scopes: scopes as string[],
    allCompanies: input.companyIds === 'all',
    companyIds: input.companyIds === 'all' ? [] : [...new Set(input.companyIds)],
    expiresAt,
    createdByUserId: input.createdByUserId,
  });
  return {
    id,
    token,
    name: input.name,
    scopes: scopes as Scope[],
    companyIds: input.companyIds === 'all' ? 'all' : [...new Set(input.companyIds)],
    expiresAt: expiresAt?.toISOString() ?? null,
  };
}

/** Revokes a token of the tenant (or of any tenant when none is given, for the operator CLI). */
export async function revokeToken(db: Db, id: string, tenantId?: string): Promise<boolean> {
  const where = tenantId ? and(eq(apiTokens.id, id), eq(apiTokens.tenantId, tenantId)) : eq(apiTokens.id, id);
  const rows = await db.update(apiTokens).set({ revokedAt: new Date() }).where(and(where, isNull(apiTokens.revokedAt))).returning({ id: apiTokens.id });
  clearPrincipalCache();
  if (rows.length) return true;
  const existing = await db.select({ id: apiTokens.id }).from(apiTokens).where(where);
  return existing.length > 0; // revoking twice is not an error
}

export function listTokens(db: Db, tenantId: string) {
  return listTokensWhere(db, eq(apiTokens.tenantId, tenantId));
}

/** Tokens matching `where`, newest first, as listings show them (never the token itself). */
export async function listTokensWhere(db: Db, where: SQL) {
  const rows = await db.select().from(apiTokens).where(where).orderBy(desc(apiTokens.createdAt), desc(apiTokens.id));
  return rows.map((t) => ({
    id: t.id,
    name: t.name,
    prefix: t.prefix,
    scopes: t.scopes,
    companyIds: t.allCompanies ? ('all' as const) : t.companyIds,
    expiresAt: t.expiresAt?.toISOString() ?? null,
    revokedAt: t.revokedAt?.toISOString() ?? null,
    lastUsedAt: t.lastUsedAt?.toISOString() ?? null,
    createdAt: t.createdAt.toISOString(),
  }));
}

// A short cache keeps token lookups off the hot path (NOTES.md: Next costs ~1 ms per request;
// our own work must stay below it). Revocation in this process clears it; elsewhere it ages out.
const CACHE_MS = 5_000;
// One cache per process, in the runtime (Next.js bundles each route separately; a module-level Map
// would exist once per route, and revoking through one route would not clear the others).
type CacheEntry = { principal: Principal | null; until: number; expiresAt: number | null };
declare module '@/lib/runtime' {
  interface Runtime {
    /** Token hash to principal, for CACHE_MS (lib/domain/api-tokens/tokens.ts). */
    principalCache?: Map<string, CacheEntry>;
    /** Dashboard session to principal, for CACHE_MS (lib/auth/session.ts principalForSession); cleared with the tokens'. */
    sessionPrincipalCache?: Map<string, { principal: Principal | null; until: number }>;
  }
}
const principals = () => (runtime().principalCache ??= new Map());

/** The session principals' cache (lib/auth/session.ts): kept CACHE_MS like a token's, cleared with them. */
export const sessionPrincipalCache = () => (runtime().sessionPrincipalCache ??= new Map());
export const PRINCIPAL_CACHE_MS = CACHE_MS;

/**
 * Forgets every kept principal, of tokens and of dashboard sessions: after a revocation, a sign-out,
 * and any change to a user or a tenant's companies that a principal is made of (afterCommit).
 */
export function clearPrincipalCache(): void {
  principals().clear();
  runtime().sessionPrincipalCache?.clear();
}

const LAST_USED_GRANULARITY_MS = 60_000;

/** What every issued token looks like: the prefix and 24 random bytes in base64url (createToken). */
export const hasTokenShape = (token: string) => /^dto_(test|live)_[A-Za-z0-9_-]{32}$/.test(token);

export async function authenticateToken(db: Db, token: string): Promise<Principal | null> {
  const hash = hashToken(token);
  const now = Date.now();
  const principalCache = principals();
  const cached = principalCache.get(hash);
  if (cached && cached.until > now && (cached.expiresAt === null || cached.expiresAt > now)) return cached.principal;

  const [row] = await db.select().from(apiTokens).where(eq(apiTokens.tokenHash, hash));
  let principal: Principal | null = null;
  if (row && !row.revokedAt && (!row.expiresAt || row.expiresAt.getTime() > now)) {
    principal = {
      tenantId: row.tenantId,
      companyIds: await linkedCompanyIds(db, row.tenantId, row.allCompanies, row.companyIds),
      allCompanies: row.allCompanies,
      scopes: new Set(row.scopes.filter(isScope)),
      actor: { type: 'token', id: row.id, name: row.name },
    };
    // "Last used" for the tokens page: written at most once a minute per token (and only on a
    // cache miss, so at most every CACHE_MS per process), never on every request.
    if (!row.lastUsedAt || now - row.lastUsedAt.getTime() > LAST_USED_GRANULARITY_MS)
      await db.update(apiTokens).set({ lastUsedAt: new Date(now) }).where(eq(apiTokens.id, row.id));
  }
  if (principalCache.size > 10_000) principalCache.clear();
  principalCache.set(hash, { principal, until: now + CACHE_MS, expiresAt: row?.expiresAt?.getTime() ?? null });
  return principal;
}
