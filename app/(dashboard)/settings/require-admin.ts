import 'server-only';
import { redirect } from 'next/navigation';
import { requirePageCtx, type PageCtx } from '@/lib/auth/page-context';

/**
 * API tokens and the webhook signing secret belong to admins only. What an admin limited to some
 * companies may do within that (its companies' tokens; not the tenant's secret) is decided by the
 * domain operations (lib/domain/api-tokens, lib/domain/tenants), not here.
 */
export function isAdmin(ctx: Pick<PageCtx, 'role'>): boolean {
  return ctx.role === 'admin';
}

/** For pages: the admin's Ctx, or back to the orders with a notice. */
export async function requireAdminPage(): Promise<PageCtx> {
  const ctx = await requirePageCtx();
  if (!isAdmin(ctx)) redirect('/orders?denied=admin');
  return ctx;
}

/** For server actions: the admin's Ctx, or null (the action answers "not allowed"). */
export async function adminCtxOrNull(): Promise<PageCtx | null> {
  const ctx = await requirePageCtx();
  return isAdmin(ctx) ? ctx : null;
}
