/**
 * Cancellation audit (issue 19, item 4): an optional `reason` (trimmed, 1 to 500 characters) kept
 * in the audit trail; a signed-in user is the audit identity, whatever e-mail comes beside it.
 */
import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditEvents, companies, users } from '@/lib/db/schema';
import { makeCtx } from '@/lib/domain/context';
import { cancelOrder } from '@/lib/domain/orders/cancel-order';
import { listOrderAudit } from '@/lib/domain/orders/audit-trail';
import { SCOPES } from '@/lib/domain/scopes';
import { DEMO } from '@/lib/seed';
import { call, db, expectError, token, withTestDatabase } from './harness';
import { createOrder } from './orders-fixtures';

withTestDatabase();

const acme = DEMO.tenants.acme.id;

async function cancelledEntry(orderId: string) {
  const [entry] = await db()
    .select()
    .from(auditEvents)
    .where(and(eq(auditEvents.orderId, orderId), eq(auditEvents.action, 'order.cancelled')));
  return entry;
}

describe('PUT /api/v2/orders/{id}/cancellation: reason', () => {
  it('200 keeps the trimmed reason in the audit trail', async () => {
    const order = await createOrder();
    const t = await token();
    const res = await call('PUT', `/api/v2/orders/${order.id}/cancellation`, {
      token: t,
      body: { reason: '  Participant withdrew the application  ', cancelledBy: { email: 'officer@example.com' } },
    });
    expect(res.status).toBe(200);
    expect(res.body.status).toBe('cancelled');
    const entry = await cancelledEntry(order.id);
    expect(entry.data).toMatchObject({ reason: 'Participant withdrew the application', cancelledByEmail: 'officer@example.com' });
    expect(entry.actorEmail).toBe('officer@example.com');
  });

  it('200 without a reason records none', async () => {
    const order = await createOrder();
    const res = await call('PUT', `/api/v2/orders/${order.id}/cancellation`, { token: await token(), body: {} });
    expect(res.status).toBe(200);
    expect((await cancelledEntry(order.id)).data).not.toHaveProperty('reason');
  });

  it('400 tooSmall at /reason for a blank reason, nothing cancelled', async () => {
    const order = await createOrder();
    const t = await token();
    expectError(await call('PUT', `/api/v2/orders/${order.id}/cancellation`, { token: t, body: { reason: '   ' } }), 400, 'tooSmall', '/reason');
    const after = await call('GET', `/api/v2/orders/${order.id}`, { token: t });
    expect(after.body.status).not.toBe('cancelled');
    expect(await cancelledEntry(order.id)).toBeUndefined();
  });

  it('400 tooBig at /reason over 500 characters', async () => {
    const order = await createOrder();
    expectError(
      await call('PUT', `/api/v2/orders/${order.id}/cancellation`, { token: await token(), body: { reason: 'x'.repeat(501) } }),
      400,
      'tooBig',
      '/reason',
    );
  });

  it('400 invalidType at /reason for a number', async () => {
    const order = await createOrder();
    expectError(await call('PUT', `/api/v2/orders/${order.id}/cancellation`, { token: await token(), body: { reason: 5 } }), 400, 'invalidType', '/reason');
  });

  it('200 with exactly 500 characters', async () => {
    const order = await createOrder();
    const res = await call('PUT', `/api/v2/orders/${order.id}/cancellation`, { token: await token(), body: { reason: 'y'.repeat(500) } });
    expect(res.status).toBe(200);
    expect((await cancelledEntry(order.id)).data.reason).toBe('y'.repeat(500));
  });
});

describe('cancelOrder by a signed-in user: the audit identity', () => {
  it('is the user, not an e-mail sent beside it; the reason is kept', async () => {
    const order = await createOrder();
    const [staff] = await db().select().from(users).where(sql`lower(${users.email}) = 'staff@acme.test'`);
    const companyIds = (await db().select({ id: companies.id }).from(companies).where(eq(companies.tenantId, acme))).map((c) => c.id);
    const ctx = makeCtx(
      { tenantId: acme, companyIds, allCompanies: true, scopes: new Set(SCOPES), actor: { type: 'user', id: staff.id, email: staff.email, name: staff.name } },
      db(),
    );
    const result = await cancelOrder({ ctx, id: order.id, input: { cancelledBy: { email: 'someone.else@example.com' }, reason: 'Duplicate order' } });
    expect(result.status).toBe('cancelled');
    const entry = await cancelledEntry(order.id);
    expect(entry.actorType).toBe('user');
    expect(entry.actorUserId).toBe(staff.id);
    expect(entry.actorEmail).toBe(staff.email);
    expect(entry.data).not.toHaveProperty('cancelledByEmail');
    expect(entry.data.reason).toBe('Duplicate order');
    const trail = await listOrderAudit(ctx, order.id);
    const cancelled = trail.find((e) => e.action === 'order.cancelled')!;
    expect(cancelled.actor).toEqual({ type: 'user', email: staff.email, name: staff.name });
  });
});
