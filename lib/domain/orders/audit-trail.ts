/**
 * The audit trail of one order: who did what and when, oldest first. Scoped in SQL like every
 * order read (tenant and linked companies), so another tenant's order id yields not-found.
 */
import { and, asc, eq, sql } from 'drizzle-orm';
import { apiTokens, auditEvents, orders, users } from '@/lib/db/schema';
import { visibleOrder } from '@/lib/domain/access';
import type { Ctx } from '@/lib/domain/context';
import { notFound } from '@/lib/domain/errors';
import { iso } from '@/lib/domain/contract/representation';

export interface AuditEntry {
  id: string;
  action: string;
  occurredAt: string;
  actor: {
    type: string;
    /** The e-mail recorded with the event (a user's, or the one given to the API). */
    email: string | null;
    /** The dashboard user's name, the API token's name, or a system actor's (`participant`, `expiry`, `cli`). */
    name: string | null;
  };
  data: Record<string, unknown>;
}

export async function listOrderAudit(ctx: Ctx, orderId: string): Promise<AuditEntry[]> {
  const [order] = await ctx.db.select({ id: orders.id }).from(orders).where(and(visibleOrder(ctx), eq(orders.id, orderId)));
  if (!order) throw notFound('Order');
  const rows = await ctx.db
    .select({
      event: auditEvents,
      userName: users.name,
      tokenName: apiTokens.name,
    })
    .from(auditEvents)
    .leftJoin(users, and(eq(users.id, auditEvents.actorUserId), eq(users.tenantId, auditEvents.tenantId)))
    .leftJoin(apiTokens, and(eq(apiTokens.id, auditEvents.actorTokenId), eq(apiTokens.tenantId, auditEvents.tenantId)))
    .where(and(eq(auditEvents.tenantId, ctx.tenantId), eq(auditEvents.orderId, order.id)))
    .orderBy(asc(auditEvents.createdAt), sql`${auditEvents.id}`);
  return rows.map(({ event: e, userName, tokenName }) => ({
    id: e.id,
    action: e.action,
    occurredAt: iso(e.createdAt),
    actor: {
      type: e.actorType,
      email: e.actorEmail,
      name: userName ?? tokenName ?? (typeof e.data.tokenName === 'string' ? e.data.tokenName : null) ?? e.actorName,
    },
    data: e.data,
  }));
}
