/**
 * Creates a dashboard user of the principal's tenant: a role (which decides the scopes,
 * lib/domain/scopes.ts), the companies the user is linked to (all, present and future, or a list)
 * and a bcrypt password hash. E-mail addresses are unique across tenants (they are the login) and
 * stored in lower case. Like a token, a user never gets more than its creator holds: the role's
 * scopes among the creator's, companies among the creator's ("all" from a tenant-wide creator
 * only). Today the operator CLI creates users, as the system (tenant-wide, every scope). Audited
 * (`user.created`) in the user's transaction.
 */
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { companies, users } from '@/lib/db/schema';
import { auditChange } from '@/lib/domain/audit';
import type { Ctx } from '@/lib/domain/context';
import { ROLE_SCOPES, ROLES, type Role } from '@/lib/domain/scopes';
import { DomainError } from '@/lib/domain/errors';
import { withTransaction } from '@/lib/domain/transaction';
import { newId } from '@/lib/ids';
import { isCommonPassword } from './common-passwords';
import { hashPassword, MAX_PASSWORD_BYTES, MIN_PASSWORD_LENGTH } from './passwords';

export interface CreateUserInput {
  email: string;
  role: string;
  /** null: an invited user, who sets a password through the invitation link (invitations.ts). */
  password: string | null;
  name?: string | null;
  companyIds: readonly string[] | 'all';
}

export interface CreatedUser {
  id: string;
  email: string;
  name: string | null;
  role: Role;
  companyIds: string[] | 'all';
  createdAt: string;
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function isRole(value: string): value is Role {
  return (ROLES as readonly string[]).includes(value);
}

export const isEmail = (email: string) => EMAIL.test(email) && email.length <= 254;

export async function createUser({ ctx, input }: { ctx: Ctx; input: CreateUserInput }): Promise<CreatedUser> {
  const email = input.email.trim().toLowerCase();
  if (!isEmail(email)) {
    throw new DomainError('invalidFormat', `"${input.email}" is not a valid e-mail address.`, { pointer: '/email' });
  }
  if (!isRole(input.role)) {
    throw new DomainError('invalidValue', `Unknown role "${input.role}"; expected one of ${ROLES.join(', ')}.`, { pointer: '/role' });
  }
  if (input.password !== null) assertPasswordRules(input.password);
  const role = input.role;
  const companyIds = input.companyIds === 'all' ? 'all' : [...new Set(input.companyIds)];
  assertWithinCreator(ctx, role, companyIds);
  const name = input.name?.trim() || null;
  // bcrypt takes ~70 ms: before the transaction, not while it holds a connection.
  const passwordHash = input.password === null ? null : await hashPassword(input.password);
  return withTransaction(ctx, async (tx) => {
    if (companyIds !== 'all') {
      const found = companyIds.length
        ? await tx.db
            .select({ id: companies.id })
            .from(companies)
            .where(and(eq(companies.tenantId, ctx.tenantId), inArray(companies.id, companyIds), isNull(companies.deletedAt)))
        : [];
      const missing = companyIds.filter((id) => !found.some((f) => f.id === id));
      if (missing.length) {
        throw new DomainError('notFound', `Unknown company id(s) for this tenant: ${missing.join(', ')}.`, { pointer: '/companyIds' });
      }
    }
    const owner = async () => (await tx.db.select({ tenantId: users.tenantId }).from(users).where(eq(sql`lower(${users.email})`, email)))[0]?.tenantId;
    const taken = await owner();
    if (taken) throw duplicate(ctx, taken, { email, name, role, companyIds });

    const id = newId();
    // ON CONFLICT: a concurrent insert that won the race is a duplicate, without aborting the transaction.
    const [inserted] = await tx.db
      .insert(users)
      .values({
        id,
        tenantId: ctx.tenantId,
        email,
        name,
        passwordHash,
        role,
        allCompanies: companyIds === 'all',
        companyIds: companyIds === 'all' ? [] : companyIds,
      })
      .onConflictDoNothing()
      .returning({ createdAt: users.createdAt });
    if (!inserted) throw duplicate(ctx, (await owner()) ?? ctx.tenantId, { email, name, role, companyIds });
    const created: CreatedUser = { id, email, name, role, companyIds, createdAt: inserted.createdAt.toISOString() };
    const { id: _id, createdAt: _at, ...granted } = created;
    await auditChange(tx, { action: 'user.created', subject: { type: 'user', id }, data: granted });
    return created;
  });
}

/** The rules of a dashboard password (the CLI's, the invitation page's): its length, and not a common one. */
export function assertPasswordRules(password: string): void {
  if (password.length < MIN_PASSWORD_LENGTH) {
    throw new DomainError('tooSmall', `The password must have at least ${MIN_PASSWORD_LENGTH} characters.`, { pointer: '/password' });
  }
  if (Buffer.byteLength(password) > MAX_PASSWORD_BYTES) {
    throw new DomainError('tooBig', `The password must not exceed ${MAX_PASSWORD_BYTES} bytes.`, { pointer: '/password' });
  }
  if (isCommonPassword(password)) {
    throw new DomainError('invalidValue', 'This password is one of the most common ones, which are tried first: choose another.', { pointer: '/password' });
  }
}

/** The creator holds every scope of the role, and reaches the companies it links. */
export function assertWithinCreator(ctx: Ctx, role: Role, companyIds: readonly string[] | 'all'): void {
  const notHeld = ROLE_SCOPES[role].filter((s) => !ctx.scopes.has(s));
  if (notHeld.length) throw new DomainError('insufficientScope', `You cannot give a role with scope(s) you do not hold: ${notHeld.join(', ')}.`, { pointer: '/role' });
  if (companyIds === 'all' ? !ctx.allCompanies : !ctx.allCompanies && companyIds.some((id) => !ctx.companyIds.includes(id)))
    throw new DomainError('insufficientScope', 'You can only link a user to companies you are linked to.', { pointer: '/companyIds' });
}

/**
 * The e-mail address is a user's of another tenant (addresses are unique across tenants: they are
 * the login). The same 409 as a duplicate of the tenant's own for the operator's CLI, which sees
 * every tenant; an admin's invitation must not learn it (invitations.ts).
 */
export class EmailOfAnotherTenant extends DomainError {
  constructor(readonly user: Omit<CreatedUser, 'id' | 'createdAt'>) {
    super('conflict', `A user with the e-mail address ${user.email} already exists.`, { pointer: '/email' });
  }
}

function duplicate(ctx: Ctx, ownerTenantId: string, user: Omit<CreatedUser, 'id' | 'createdAt'>): DomainError {
  if (ownerTenantId !== ctx.tenantId) return new EmailOfAnotherTenant(user);
  return new DomainError('conflict', `A user with the e-mail address ${user.email} already exists.`, { pointer: '/email' });
}
