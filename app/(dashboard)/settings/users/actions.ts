'use server';
/**
 * User management for admins (DESIGN.md 6.4). The tenant is always the signed-in admin's own (the
 * session's Ctx), never a value sent by the browser; the domain operations (lib/domain/users) decide
 * what the admin may grant and whom it may change: a company-limited admin acts only within its
 * companies. Next.js checks the Origin of every server action (CSRF).
 */
import { revalidatePath } from 'next/cache';
import { DomainError } from '@/lib/domain/errors';
import { deactivateUser, inviteUser, reactivateUser, resendInvitation, updateUser } from '@/lib/domain/users';
import { InviteUserForm, UpdateUserForm } from '@/lib/domain/users/schemas';
import { unlockUserSignIn } from '@/lib/domain/users/sign-in-unlock';
import { adminCtxOrNull } from '../require-admin';

export type ActionResult<T> = { ok: true; value: T } | { ok: false; error: string; field?: string };

const NOT_ALLOWED = { ok: false as const, error: 'Only admins can manage users.' };
const PATH = '/settings/users';

/** A domain error as the form shows it: on its field when it names one. */
function refused(error: unknown): { ok: false; error: string; field?: string } {
  if (!(error instanceof DomainError)) throw error;
  const [entry] = error.entries;
  // A user outside the admin's companies answers like a missing one.
  if (entry.code === 'notFound' && entry.pointer === '/id') return { ok: false, error: 'That user does not exist.' };
  return { ok: false, error: entry.detail, field: entry.pointer?.slice(1) };
}

function invalid(issues: { message: string; path: PropertyKey[] }[]) {
  return { ok: false as const, error: issues[0].message, field: issues[0].path.join('.') };
}

export async function inviteUserAction(input: unknown): Promise<ActionResult<{ id: string; email: string }>> {
  const ctx = await adminCtxOrNull();
  if (!ctx) return NOT_ALLOWED;
  const parsed = InviteUserForm.safeParse(input);
  if (!parsed.success) return invalid(parsed.error.issues);
  const { email, name, role, allCompanies, companyIds } = parsed.data;
  try {
    const invited = await inviteUser({ ctx, input: { email, name: name || null, role, companyIds: allCompanies ? 'all' : companyIds } });
    revalidatePath(PATH);
    return { ok: true, value: { id: invited.id, email: invited.email } };
  } catch (error) {
    return refused(error);
  }
}

export async function updateUserAction(input: unknown): Promise<ActionResult<{ id: string }>> {
  const ctx = await adminCtxOrNull();
  if (!ctx) return NOT_ALLOWED;
  const parsed = UpdateUserForm.safeParse(input);
  if (!parsed.success) return invalid(parsed.error.issues);
  const { id, role, allCompanies, companyIds } = parsed.data;
  try {
    await updateUser({ ctx, input: { id, role, companyIds: allCompanies ? 'all' : companyIds } });
    revalidatePath(PATH);
    return { ok: true, value: { id } };
  } catch (error) {
    return refused(error);
  }
}

const idOf = (id: unknown) => (typeof id === 'string' && id.length > 0 && id.length <= 255 ? id : null);

export async function deactivateUserAction(id: unknown): Promise<ActionResult<{ id: string }>> {
  const ctx = await adminCtxOrNull();
  if (!ctx) return NOT_ALLOWED;
  const userId = idOf(id);
  if (!userId) return { ok: false, error: 'No user given.' };
  try {
    await deactivateUser({ ctx, input: { id: userId } });
    revalidatePath(PATH);
    return { ok: true, value: { id: userId } };
  } catch (error) {
    return refused(error);
  }
}

export async function reactivateUserAction(id: unknown): Promise<ActionResult<{ id: string }>> {
  const ctx = await adminCtxOrNull();
  if (!ctx) return NOT_ALLOWED;
  const userId = idOf(id);
  if (!userId) return { ok: false, error: 'No user given.' };
  try {
    await reactivateUser({ ctx, input: { id: userId } });
    revalidatePath(PATH);
    return { ok: true, value: { id: userId } };
  } catch (error) {
    return refused(error);
  }
}

export async function resendInvitationAction(id: unknown): Promise<ActionResult<{ id: string }>> {
  const ctx = await adminCtxOrNull();
  if (!ctx) return NOT_ALLOWED;
  const userId = idOf(id);
  if (!userId) return { ok: false, error: 'No user given.' };
  try {
    await resendInvitation({ ctx, input: { id: userId } });
    revalidatePath(PATH);
    return { ok: true, value: { id: userId } };
  } catch (error) {
    return refused(error);
  }
}

/** Lets a colleague locked out by too many sign-in attempts try again at once (issue 26, finding 3). */
export async function unlockUserSignInAction(id: unknown): Promise<ActionResult<{ id: string }>> {
  const ctx = await adminCtxOrNull();
  if (!ctx) return NOT_ALLOWED;
  const userId = idOf(id);
  if (!userId) return { ok: false, error: 'No user given.' };
  try {
    await unlockUserSignIn({ ctx, input: { id: userId } });
    return { ok: true, value: { id: userId } };
  } catch (error) {
    return refused(error);
  }
}
