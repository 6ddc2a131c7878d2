/**
 * Stored order documents (migration 0004): every change stores the order's document in its
 * transaction; a change made any other way makes the database forget it, so a read never shows a
 * stale one; identifiers never enter it.
 */
import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { rowsOf } from '@/lib/db/client';
import { buildOrderDocuments } from '@/lib/domain/orders/documents';
import { call, db, get, token, withTestDatabase } from './harness';
import { createOrder, withParticipant } from './orders-fixtures';

withTestDatabase();

async function stored(id: string): Promise<unknown> {
  return rowsOf<{ document: unknown }>(await db().execute(sql`select document from orders where id = ${id}`))[0].document;
}

/** The stored document equals the one built from the rows now. */
async function expectStoredIsCurrent(id: string) {
  const document = await stored(id);
  expect(document).not.toBeNull();
  expect(document).toEqual((await buildOrderDocuments(db(), [id])).get(id));
}

describe('stored order documents', () => {
  it('every seeded order has its document, equal to one built from its rows', async () => {
    const [{ missing }] = rowsOf<{ missing: number }>(await db().execute(sql`select count(*)::int as missing from orders where document is null`));
    expect(missing).toBe(0);
    const ids = rowsOf<{ id: string }>(await db().execute(sql`select id from orders order by id limit 50`)).map((r) => r.id);
    const built = await buildOrderDocuments(db(), ids);
    for (const id of ids) expect(await stored(id)).toEqual(built.get(id));
  });

  it('create, a service event and a cancellation each store the new document', async () => {
    const order = await createOrder();
    await expectStoredIsCurrent(order.id);
    const t = await token();
    const event = await call('POST', `/api/v2/orders/${order.id}/services/${order.services[0].id}/events`, {
      token: t,
      body: { status: 'pending_collectionInitiated', milestone: 'collectionInitiated' },
    });
    expect(event.status, JSON.stringify(event.body)).toBe(200);
    await expectStoredIsCurrent(order.id);
    expect(await stored(order.id)).toMatchObject({ services: [{ status: 'pending_collectionInitiated' }] });
    expect((await call('PUT', `/api/v2/orders/${order.id}/cancellation`, { token: t })).status).toBe(200);
    await expectStoredIsCurrent(order.id);
    expect(await stored(order.id)).toMatchObject({ status: 'cancelled' });
  });

  it('a change of the order made outside the application forgets the document, and reads show the change', async () => {
    const order = await createOrder();
    await db().execute(sql`update orders set participant_first_name = 'Changed' where id = ${order.id}`);
    expect(await stored(order.id)).toBeNull();
    const read = await get(`/api/v2/orders/${order.id}`, { token: await token() });
    expect(read.body.participant.firstName).toBe('Changed');
    const listed = await get('/api/v2/orders', { token: await token(), query: { code: order.code } });
    expect(listed.body.data[0].participant.firstName).toBe('Changed');
  });

  it('a change of a service or of its history made outside the application forgets the document', async () => {
    const order = await createOrder();
    const serviceId = order.services[0].id;
    await db().execute(sql`update order_services set specimen_id = 'SP-OUTSIDE' where id = ${serviceId}`);
    expect(await stored(order.id)).toBeNull();
    expect((await get(`/api/v2/orders/${order.id}`, { token: await token() })).body.services[0].specimenId).toBe('SP-OUTSIDE');

    const other = await createOrder();
    await db().execute(sql`insert into order_service_screen_history (id, order_service_id, type, occurred_at)
      values (${`outside-${other.id}`}, ${other.services[0].id}, 'received', now())`);
    expect(await stored(other.id)).toBeNull();
    const screens = (await get(`/api/v2/orders/${other.id}`, { token: await token() })).body.services[0].screenHistory;
    expect(screens.map((h: { type: string }) => h.type)).toContain('received');
  });

  it('the event counter is not part of the document: counting an event keeps it', async () => {
    const order = await createOrder();
    await db().execute(sql`update orders set event_sequence = event_sequence + 1 where id = ${order.id}`);
    await expectStoredIsCurrent(order.id);
  });

  it('participant identifiers never enter the stored document', async () => {
    const order = await createOrder(withParticipant({ identifiers: [{ type: 'ssn', value: '123-45-6789', issuingCountry: 'US' }] }));
    expect(order.participant.identifiers).toHaveLength(1);
    const text = JSON.stringify(await stored(order.id));
    expect(text).not.toContain('identifiers');
    expect(text).not.toContain('123-45-6789');
    expect(text).not.toContain('enc:v1:');
  });
});
