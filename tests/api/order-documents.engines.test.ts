/**
 * Stored order documents (migration 0004): every change stores the order's document in its
 * transaction; a change made any other way makes the database forget it, so a read never shows a
 * stale one; identifiers never enter it.
 */
import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { rowsOf } from '@/lib/db/client';
import { buildOrderDocuments } from '@/lib/domain/order-model/documents';
import { DEMO } from '@/lib/seed';
import { call, db, get, token, withTestDatabase } from './harness';
import { acme, agencyJobCategory, clinicOffering, createOrder, orderBody, withParticipant } from './orders-fixtures';

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
    // The seed's orders, but Acme's inactive company's: files running beside this one change orders
    // outside the application on purpose (the MIS oracle its own tenant's, results-badge that company's
    // acknowledgements), which forgets those documents, as it should.
    const seeded = sql`source = 'seed' and company_id <> ${DEMO.acme.companies.inactive}`;
    const [{ missing }] = rowsOf<{ missing: number }>(await db().execute(sql`select count(*)::int as missing from orders where ${seeded} and document is null`));
    expect(missing).toBe(0);
    const ids = rowsOf<{ id: string }>(await db().execute(sql`select id from orders where ${seeded} order by id limit 50`)).map((r) => r.id);
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

/**
 * The create-order statement stores a document it built from the values it inserts (migration
 * 0014), not one the database built from the rows: for every kind of order the two must be equal,
 * and the 201 answer must equal a read of the order.
 */
describe('the document a create stores', () => {
  const address = { line1: '400 S Houston St', line2: 'Suite 2', city: 'Dallas', state: 'TX', postalCode: '75202', country: 'US' };
  const kinds: Array<[string, () => Promise<unknown>]> = [
    ['no delivery, participant choice', async () => orderBody({ deliveryMethods: [{ type: 'none' }] })],
    ['e-mail delivery, notes, observed collection, an expiry', async () =>
      orderBody({ settings: { notes: 'Gate 4', observedCollection: true, expiresAt: new Date(Date.now() + 3 * 86_400_000).toISOString() } })],
    ['sms delivery with an address and identifiers', async () =>
      withParticipant({ address, middleName: 'Q', identifiers: [{ type: 'driversLicense', value: 'D1234567', issuingCountry: 'US', issuingState: 'TX' }] }, { deliveryMethods: [{ type: 'sms' }] })],
    ['DOT under FAA with a job category', async () =>
      orderBody({ package: { id: acme.packages.dot }, agency: { id: DEMO.agencies.FAA }, jobCategory: { id: await agencyJobCategory(DEMO.agencies.FAA) } })],
    ['DOT post-accident with deadlines', async () =>
      orderBody({
        package: { id: acme.packages.dotWithAlcohol },
        agency: { id: DEMO.agencies.FMCSA },
        testReason: 'postAccident',
        incident: { occurredAt: new Date(Date.now() - 3 * 3_600_000).toISOString(), delayReason: 'Driver was taken to hospital first' },
      })],
    ['scheduled at a named clinic', async () => {
      const clinic = await clinicOffering(DEMO.tenants.acme.id, [acme.services.nonDotUrine]);
      return orderBody({ settings: { schedule: { strategy: 'clinic', clinic: { id: clinic.id } } } });
    }],
    ['scheduled at the nearest clinic', async () => withParticipant({ address }, { settings: { schedule: { strategy: 'nearestClinic' } } })],
  ];

  for (const [kind, body] of kinds) {
    it(`${kind}: equals the document built from the rows, and the answer equals a read`, async () => {
      const order = await createOrder(await body());
      const document = await stored(order.id);
      expect(document).not.toBeNull();
      expect(document).toEqual((await buildOrderDocuments(db(), [order.id])).get(order.id));
      expect((await get(`/api/v2/orders/${order.id}`, { token: await token() })).body).toEqual(order);
    });
  }

  it('a part inserted later, in another transaction, still forgets it', async () => {
    const order = await createOrder();
    await db().execute(sql`insert into order_service_status_history (id, order_service_id, status, group_type, occurred_at)
      values (${`later-${order.id}`}, ${order.services[0].id}, 'pending_collectionInitiated', 'pending', now())`);
    expect(await stored(order.id)).toBeNull();
  });
});
