/**
 * The incident clock on POST /api/v2/orders (DESIGN.md 6.3; 49 CFR 382.303 / 382.307): a DOT
 * post-accident or reasonable-suspicion order needs `incident`; the alcohol window is 8 hours with
 * a delay reason after 2, the drug window 32 hours; a closed window is 422 `testingWindowClosed`,
 * offering the location's packages whose windows are open (`meta.openPackages`); a post-accident
 * order placed without its alcohol test once that window closed records why (382.303(d)(1),
 * `incident.alcoholNotTestedReason`). The Order shows `incident` and each DOT service's `deadline`.
 * And GET /api/v2/orders?deadlineBefore=.
 */
import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { rowsOf } from '@/lib/db/client';
import { DEMO } from '@/lib/seed';
import { call, db, expectError, get, token, withTestDatabase } from './harness';
import { acme, orderBody, uniqueName } from './orders-fixtures';

withTestDatabase();

const HOUR = 3_600_000;
const hoursAgo = (h: number) => new Date(Date.now() - h * HOUR).toISOString();
const plus = (iso: string, h: number) => new Date(Date.parse(iso) + h * HOUR).toISOString();

/** A DOT drug and alcohol order (FMCSA), post-accident unless told otherwise. */
const dotBody = (incident: unknown, overrides: Record<string, unknown> = {}) =>
  orderBody({ package: { id: acme.packages.dotWithAlcohol }, agency: { id: DEMO.agencies.FMCSA }, testReason: 'postAccident', ...(incident === undefined ? {} : { incident }), ...overrides });
const post = async (body: unknown) => call('POST', '/api/v2/orders', { token: await token(), body });

interface ServiceOut {
  id: string;
  name: string;
  attributes: { category: string | null; type: string | null } | null;
  deadline: { closesAt: string; reasonRequiredAfter: string | null } | null;
}
const byCategory = (services: ServiceOut[], category: string) => services.find((s) => s.attributes?.category === category)!;

describe('POST /api/v2/orders: incident clock', () => {
  describe('201 with the deadlines', () => {
    it('post-accident FMCSA order, occurredAt 1 hour ago: alcohol closes at occurredAt + 8h (reason after +2h), drug at +32h', async () => {
      const occurredAt = hoursAgo(1);
      const res = await post(dotBody({ occurredAt }));
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      expect(res.body.incident).toEqual({ occurredAt, delayReason: null, alcoholNotTestedReason: null });
      const alcohol = byCategory(res.body.services, 'alcohol');
      const drug = byCategory(res.body.services, 'drug');
      expect(alcohol.deadline).toEqual({ closesAt: plus(occurredAt, 8), reasonRequiredAfter: plus(occurredAt, 2) });
      expect(drug.deadline).toEqual({ closesAt: plus(occurredAt, 32), reasonRequiredAfter: null });
      // Stored: the same on a later read, and in the service rows.
      const again = await get(`/api/v2/orders/${res.body.id}`, { token: await token() });
      expect(again.body.incident).toEqual(res.body.incident);
      expect(again.body.services).toEqual(res.body.services);
      const rows = rowsOf<{ closes: string }>(
        await db().execute(sql`select to_char(deadline_closes_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as closes from order_services where order_id = ${res.body.id} order by position`),
      );
      expect(rows.map((r) => r.closes).sort()).toEqual([plus(occurredAt, 8), plus(occurredAt, 32)].sort());
    });

    it('an offset in occurredAt is stored as the same instant in UTC', async () => {
      const instant = new Date(Date.now() - HOUR);
      instant.setUTCMilliseconds(0);
      const local = new Date(instant.getTime() - 5 * HOUR).toISOString().replace('.000Z', '-05:00');
      const res = await post(dotBody({ occurredAt: local }));
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      expect(res.body.incident?.occurredAt).toBe(instant.toISOString());
    });

    it('3 hours ago with a delayReason: 201, the reason kept', async () => {
      const res = await post(dotBody({ occurredAt: hoursAgo(3), delayReason: '  Driver was at the hospital  ' }));
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      expect(res.body.incident?.delayReason).toBe('Driver was at the hospital');
    });

    it('reasonable suspicion runs the same clock from the determination', async () => {
      const occurredAt = hoursAgo(0.5);
      const res = await post(dotBody({ occurredAt }, { testReason: 'reasonableSuspicion' }));
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      expect(byCategory(res.body.services, 'alcohol').deadline!.closesAt).toBe(plus(occurredAt, 8));
    });

    it('9 hours ago on a drug-only DOT package with alcoholNotTestedReason: 201, the 32-hour window open, the reason recorded and read back', async () => {
      const occurredAt = hoursAgo(9);
      const res = await post(dotBody({ occurredAt, alcoholNotTestedReason: '  Breath testing unit was not available within 8 hours  ' }, { package: { id: acme.packages.dot } }));
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      expect(res.body.services.map((s: ServiceOut) => [s.name, s.deadline])).toEqual([['DOT 5-Panel Urine Drug Screen', { closesAt: plus(occurredAt, 32), reasonRequiredAfter: null }]]);
      expect(res.body.incident).toEqual({ occurredAt, delayReason: null, alcoholNotTestedReason: 'Breath testing unit was not available within 8 hours' });
      const again = await get(`/api/v2/orders/${res.body.id}`, { token: await token() });
      expect(again.body.incident).toEqual(res.body.incident);
      const stored = rowsOf<{ incident: unknown }>(await db().execute(sql`select incident from orders where id = ${res.body.id}`));
      expect(stored[0].incident).toEqual(res.body.incident);
    });

    it('reasonable suspicion 9 hours ago on a drug-only DOT package: 201 without a reason (the suspicion may concern drugs only)', async () => {
      const res = await post(dotBody({ occurredAt: hoursAgo(9) }, { testReason: 'reasonableSuspicion', package: { id: acme.packages.dot } }));
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      expect(res.body.incident?.alcoholNotTestedReason).toBeNull();
    });

    it('7 hours ago on a drug-only DOT package: 201 without a reason (the alcohol window is still open)', async () => {
      const res = await post(dotBody({ occurredAt: hoursAgo(7) }, { package: { id: acme.packages.dot } }));
      expect(res.status, JSON.stringify(res.body)).toBe(201);
    });

    it('a non-DOT post-accident order may record the incident; its services have no deadline', async () => {
      const res = await post(orderBody({ testReason: 'postAccident', incident: { occurredAt: hoursAgo(1) } }));
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      expect(res.body.incident).not.toBeNull();
      expect(res.body.incident!.occurredAt).toBeDefined();
      expect(res.body.services.every((s: ServiceOut) => s.deadline === null)).toBe(true);
      const without = await post(orderBody({ testReason: 'postAccident' }));
      expect(without.status, JSON.stringify(without.body)).toBe(201);
      expect(without.body.incident).toBeNull();
    });
  });

  describe('400 and 422', () => {
    it('3 hours ago without delayReason: 400 required at /incident/delayReason', async () => {
      expectError(await post(dotBody({ occurredAt: hoursAgo(3) })), 400, 'required', '/incident/delayReason');
    });

    it('9 hours ago with an alcohol service: 422 testingWindowClosed at /incident/occurredAt naming the service and offering the open packages; nothing written', async () => {
      const occurredAt = hoursAgo(9);
      const body = dotBody({ occurredAt, delayReason: 'Late' });
      const entry = expectError(await post(body), 422, 'testingWindowClosed', '/incident/occurredAt');
      expect(entry.detail).toContain('DOT Breath Alcohol Test');
      expect(entry.detail).not.toContain('Urine');
      expect(entry.detail).toContain('Order the tests whose windows are still open instead: package "DOT Drug Screen"');
      expect(entry.detail).toContain('incident.alcoholNotTestedReason');
      expect(entry.meta.services).toEqual([{ name: 'DOT Breath Alcohol Test', kind: 'alcohol', closesAt: plus(occurredAt, 8) }]);
      // The location's packages whose windows are all open: the same tests without the closed one first.
      const open = entry.meta.openPackages as Array<{ id: string; name: string; services: string[] }>;
      const drugOnly = open.findIndex((p) => p.id === acme.packages.dot);
      expect(open[drugOnly]).toEqual({ id: acme.packages.dot, name: 'DOT Drug Screen', services: ['DOT 5-Panel Urine Drug Screen'] });
      const withPhysical = open.findIndex((p) => p.name === 'DOT Physical + Drug Screen');
      expect(withPhysical).toBeGreaterThan(drugOnly);
      expect(open.map((p) => p.id)).not.toContain(acme.packages.dotWithAlcohol);
      expect(open.flatMap((p) => p.services)).not.toContain('DOT Breath Alcohol Test');
      const written = rowsOf<{ n: number }>(await db().execute(sql`select count(*)::int as n from orders where participant_last_name = ${body.participant.lastName}`));
      expect(written[0].n).toBe(0);

      // Going on as offered: the drug-only package with the reason the alcohol test was not done.
      const onward = await post({ ...body, package: { id: open[drugOnly].id }, incident: { occurredAt, alcoholNotTestedReason: 'Driver was in surgery until after the 8 hours' } });
      expect(onward.status, JSON.stringify(onward.body)).toBe(201);
      expect(onward.body.incident).toEqual({ occurredAt, delayReason: null, alcoholNotTestedReason: 'Driver was in surgery until after the 8 hours' });
    });

    it('9 hours ago on the drug-only package without alcoholNotTestedReason: 201, the record left to the employer (the dashboard asks for it)', async () => {
      const res = await post(dotBody({ occurredAt: hoursAgo(9) }, { package: { id: acme.packages.dot } }));
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      expect(res.body.incident?.alcoholNotTestedReason).toBeNull();
    });

    it('alcoholNotTestedReason where no alcohol test was left out: 400 invalidValue at /incident/alcoholNotTestedReason', async () => {
      // The alcohol window is still open.
      expectError(await post(dotBody({ occurredAt: hoursAgo(3), alcoholNotTestedReason: 'x' }, { package: { id: acme.packages.dot } })), 400, 'invalidValue', '/incident/alcoholNotTestedReason');
      // The order has its alcohol test.
      expectError(await post(dotBody({ occurredAt: hoursAgo(1), alcoholNotTestedReason: 'x' })), 400, 'invalidValue', '/incident/alcoholNotTestedReason');
      // Blank: the shape rule, in words.
      const blank = expectError(await post(dotBody({ occurredAt: hoursAgo(9), alcoholNotTestedReason: '   ' }, { package: { id: acme.packages.dot } })), 400, 'tooSmall', '/incident/alcoholNotTestedReason');
      expect(blank.detail).not.toMatch(/Too small|expected string/);
    });

    it('9 hours ago without delayReason: still the closed window (422), not the missing reason', async () => {
      expectError(await post(dotBody({ occurredAt: hoursAgo(9) })), 422, 'testingWindowClosed', '/incident/occurredAt');
    });

    it('33 hours ago on a drug-only DOT package: 422 testingWindowClosed', async () => {
      const entry = expectError(await post(dotBody({ occurredAt: hoursAgo(33) }, { package: { id: acme.packages.dot } })), 422, 'testingWindowClosed', '/incident/occurredAt');
      expect(entry.detail).toContain('DOT 5-Panel Urine Drug Screen');
      // Every window has closed: nothing to offer, and the record is the employer's to keep.
      expect(entry.meta.openPackages).toEqual([]);
      expect(entry.detail).toContain('382.303(d)');
    });

    it('a future occurredAt: 400 invalidValue at /incident/occurredAt', async () => {
      expectError(await post(dotBody({ occurredAt: new Date(Date.now() + HOUR).toISOString() })), 400, 'invalidValue', '/incident/occurredAt');
    });

    it('incident missing on a DOT post-accident order: 400 required at /incident', async () => {
      expectError(await post(dotBody(undefined)), 400, 'required', '/incident');
      expectError(await post(dotBody(undefined, { testReason: 'reasonableSuspicion' })), 400, 'required', '/incident');
    });

    it('incident with another test reason: 400 invalidValue at /incident', async () => {
      expectError(await post(dotBody({ occurredAt: hoursAgo(1) }, { testReason: 'random' })), 400, 'invalidValue', '/incident');
    });

    it('malformed incident members: 400 with their pointers', async () => {
      expectError(await post(dotBody({ occurredAt: 'yesterday' })), 400, 'invalidFormat', '/incident/occurredAt');
      expectError(await post(dotBody({})), 400, 'required', '/incident/occurredAt');
      expectError(await post(dotBody({ occurredAt: hoursAgo(3), delayReason: '   ' })), 400, 'tooSmall', '/incident/delayReason');
      expectError(await post(dotBody({ occurredAt: hoursAgo(1), where: 'I-35' })), 400, 'unrecognizedKeys', '/incident/where');
    });
  });
});

describe('GET /api/v2/orders?deadlineBefore=', () => {
  it('orders with an open DOT window closing before the instant; a collected service no longer counts', async () => {
    const lastName = uniqueName();
    const occurredAt = hoursAgo(1); // alcohol closes in 7 hours, drug in 31
    const created = await post(dotBody({ occurredAt }, { participant: { ...orderBody().participant, lastName } }));
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const t = await token();
    const list = (before: string) => get('/api/v2/orders', { token: t, query: { search: lastName, deadlineBefore: before } });

    const in8 = await list(new Date(Date.now() + 8 * HOUR).toISOString());
    expect(in8.status, JSON.stringify(in8.body)).toBe(200);
    expect(in8.body.data.map((o: { id: string }) => o.id)).toEqual([created.body.id]);
    expect(in8.body.total).toBe(1);
    const in6 = await list(new Date(Date.now() + 6 * HOUR).toISOString());
    expect(in6.body.data).toEqual([]);
    expect(in6.body.total).toBe(0);

    // The alcohol specimen is collected: its window no longer counts, the drug one (31 h) still does.
    const alcohol = byCategory(created.body.services, 'alcohol');
    const event = await call('POST', `/api/v2/orders/${created.body.id}/services/${alcohol.id}/events`, { token: t, body: { status: 'pending_collectionCompleted' } });
    expect(event.status, JSON.stringify(event.body)).toBe(200);
    expect((await list(new Date(Date.now() + 8 * HOUR).toISOString())).body.total).toBe(0);
    expect((await list(new Date(Date.now() + 32 * HOUR).toISOString())).body.total).toBe(1);
  });

  it('every order it lists has such a window (no search filter)', async () => {
    const before = new Date(Date.now() + 40 * HOUR);
    const res = await get('/api/v2/orders', { token: await token(), query: { deadlineBefore: before.toISOString(), limit: 20 } });
    expect(res.status).toBe(200);
    expect(res.body.total).toBeGreaterThanOrEqual(res.body.data.length);
    for (const order of res.body.data) {
      const open = order.services.filter(
        (s: ServiceOut & { status: string }) => s.deadline && Date.parse(s.deadline.closesAt) < before.getTime() && Date.parse(s.deadline.closesAt) > Date.now() - 60_000,
      );
      expect(open.length, order.id).toBeGreaterThan(0);
    }
  });

  it('400 invalidFormat for a deadlineBefore that is not a date-time', async () => {
    expectError(await get('/api/v2/orders', { token: await token(), query: { deadlineBefore: 'soon' } }), 400, 'invalidFormat', '/deadlineBefore');
  });
});
