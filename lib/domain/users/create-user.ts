/**
 * Creates a dashboard user of a tenant: a role (which decides the scopes, lib/domain/scopes.ts), the
 * companies the user is linked to (all, present and future, or a list) and a bcrypt password hash.
 * E-mail addresses are unique across tenants (they are the login) and stored in lower case.
 */
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '@/lib/db/client';
import { companies, users } from '@/lib/db/schema';
import { ROLES, type Role } from '@/lib/domain/scopes';
import { DomainError } from '@/lib/domain/errors';
import { newId } from '@/lib/ids';
import { hashPassword, MAX_PASSWORD_BYTES, MIN_PASSWORD_LENGTH } from './passwords';

export interface CreateUserInput {
  tenantId: string;
  email: string;
  role: string;
  password: string;
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

export async function createUser(db: Db, input: CreateUserInput): Promise<CreatedUser> {
  const email = input.email.trim().toLowerCase();
  if (!EMAIL.test(email) || email.length > 254) {
    throw new DomainError('invalidFormat', `"${input.email}" is not a valid e-mail address.`, { pointer: '/email' });
  }
  if (!isRole(input.role)) {
    throw new DomainError('invalidValue', `Unknown role "${input.role}"; expected one of ${ROLES.join(', ')}.`, { pointer: '/role' });
  }
  if (input.password.length < MIN_PASSWORD_LENGTH) {
    throw new DomainError('tooSmall', `The password must have at least ${MIN_PASSWORD_LENGTH} characters.`, { pointer: '/password' });
  }
  if (Buffer.byteLength(input.password) > MAX_PASSWORD_BYTES) {
    throw new DomainError('tooBig', `The password must not exceed ${MAX_PASSWORD_BYTES} bytes.`, { pointer: '/password' });
  }
  const companyIds = input.companyIds === 'all' ? 'all' : [...new Set(input.companyIds)];
  if (companyIds !== 'all') {
    const found = companyIds.length
      ? await db
          .select({ id: companies.id })
          .from(companies)
          .where(and(eq(companies.tenantId, input.tenantId), inArray(companies.id, companyIds), isNull(companies.deletedAt)))
      : [];
    const missing = companyIds.filter((id) => !found.some((f) => f.id === id));
    if (missing.length) {
      throw new DomainError('notFound', `Unknown company id(s) for this tenant: ${missing.join(', ')}.`, { pointer: '/companyIds' });
    }
  }
  const taken = await db.select({ id: users.id }).from(users).where(eq(sql`lower(${users.email})`, email));
  if (taken.length) throw duplicate(email);

  const name = input.name?.trim() || null;
  const passwordHash = await hashPassword(input.password);
  const id = newId();
  let createdAt: Date;
  try {
    [{ createdAt }] = await db
      .insert(users)
      .values({
        id,
        tenantId: input.tenantId,
        email,
        name,
        passwordHash,
        role: input.role,
        allCompanies: companyIds === 'all',
        companyIds: companyIds === 'all' ? [] : companyIds,
      })
      .returning({ createdAt: users.createdAt });
  } catch (error) {
    if (isUniqueViolation(error)) throw duplicate(email); // a concurrent insert won the race
    throw error;
  }
  return { id, email, name, role: input.role, companyIds, createdAt: createdAt.toISOString() };
}

const duplicate = (email: string) =>
  new DomainError('conflict', `A user with the e-mail address ${email} already exists.`, { pointer: '/email' });

function isUniqueViolation(error: unknown): boolean {
  for (let e = error as { code?: string; cause?: unknown } | undefined; e; e = e.cause as typeof e) {
    if (e.code === '23505') return true;
  }
  return false;
}
