import 'server-only';
import { redirect } from 'next/navigation';
import { requirePageCtx, type PageCtx } from '@/lib/auth/page-context';

/**
 * The settings pages (users, API tokens, the mailbox) are for admins only. Their changes go through
 * /api/v2, whose scopes (`user.write`, `token.write`, `webhook.write`: the admin role's) and domain
 * operations decide what an admin limited to some companies may do (its companies' users and
 * tokens; not the tenant's secret), not this page check.
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
