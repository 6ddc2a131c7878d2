/** The participant's pass page `/pass/{token}` and its clinic choice (DESIGN.md 6.1, "Pass page"), through the real route handlers. */
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { rowsOf } from '@/lib/db/client';
import { clinics, clinicServices } from '@/lib/db/schema';
import { DEMO } from '@/lib/seed';
import * as choose from '@/app/pass/[token]/clinic/route';
import * as page from '@/app/pass/[token]/route';
import { call, db, get, token, withTestDatabase } from './harness';
import { clinicLacking, createOrder, orderBody } from './orders-fixtures';

withTestDatabase();

const context = (t: string) => ({ params: Promise.resolve({ token: t }) });

async function open(passToken: string, query = '', method: 'GET' | 'HEAD' = 'GET') {
  const request = new Request(`http://localhost/pass/${passToken}${query}`, { method });
  const response = await (method === 'GET' ? page.GET : page.HEAD)(request, context(passToken));
  return { status: response.status, headers: response.headers, text: await response.text() };
}

async function chooseClinic(passToken: string, clinicId: string, headers: Record<string, string> = {}) {
  const request = new Request(`http://localhost/pass/${passToken}/clinic`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', host: 'localhost', ...headers },
    body: new URLSearchParams({ clinicId }).toString(),
  });
  return choose.POST(request, context(passToken));
}

async function passOf(orderId: string) {
  const res = await get(`/api/v2/orders/${orderId}/pass`, { token: await token() });
  return { ...res.body, token: /\/pass\/([A-Za-z0-9_-]{43})$/.exec(res.body.url)![1] as string };
}

const catalogServices = async (orderId: string) =>
  rowsOf<{ id: string }>(await db().execute(sql`select service_id as id from order_services where order_id = ${orderId} order by position`)).map((r) => r.id);

const openedAt = async (orderId: string) =>
  rowsOf<{ opened_at: Date | string | null }>(await db().execute(sql`select opened_at from order_passes where order_id = ${orderId} and revoked_at is null`))[0].opened_at;

describe('GET /pass/{token}', () => {
  it('200: first name, company, tests, order code as text and QR code, time left, photo ID; never indexed nor cached', async () => {
    const order = await createOrder(orderBody({ settings: { observedCollection: true } }));
    const pass = await passOf(order.id);
    const res = await open(pass.token);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(res.headers.get('x-robots-tag')).toBe('noindex, nofollow');
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.headers.get('referrer-policy')).toBe('same-origin');
    expect(res.text).toContain('<meta name="robots" content="noindex, nofollow">');
    expect(res.text).toContain('Hi Pat,');
    expect(res.text).toContain(order.company!.name);
    for (const s of order.services) expect(res.text).toContain(s.name);
    expect(res.text).toContain(`data-testid="pass-code" aria-label="Order code ${order.code.split('').join(' ')}">${order.code}<`);
    expect(res.text).toMatch(/<svg class="qr" role="img" aria-label="QR code of order code [^"]+" data-testid="pass-qr"/);
    expect(res.text).toMatch(/data-testid="pass-time-left">13 days 23 hours left</);
    expect(res.text).toContain('photo ID');
    expect(res.text).toContain('data-testid="pass-observed"');
    // Never the last name, birth date or identifiers.
    expect(res.text).not.toContain(order.participant.lastName);
    expect(res.text).not.toContain('1990-01-15');
    // No third-party resource: no external src or stylesheet.
    expect(res.text).not.toMatch(/\bsrc="https?:/);
    expect(res.text).not.toMatch(/<link /);
  });

  it('the first GET records openedAt, later ones keep it; HEAD does not open', async () => {
    const order = await createOrder();
    const pass = await passOf(order.id);
    expect((await open(pass.token, '', 'HEAD')).status).toBe(200);
    expect(await openedAt(order.id)).toBeNull();
    await open(pass.token);
    const first = (await passOf(order.id)).openedAt;
    expect(first).not.toBeNull();
    await open(pass.token);
    expect((await passOf(order.id)).openedAt).toBe(first);
  });

  it('404 for an unknown token, of any shape', async () => {
    for (const t of ['x'.repeat(43), 'short', '%00']) {
      const res = await open(t);
      expect(res.status).toBe(404);
      expect(res.text).toContain('This pass was not found');
      expect(res.headers.get('x-robots-tag')).toBe('noindex, nofollow');
    }
  });

  it('410 "this link was replaced" for a reissued pass; the new link works', async () => {
    const order = await createOrder();
    const old = await passOf(order.id);
    const reissued = await call('POST', `/api/v2/orders/${order.id}/pass`, { token: await token(), body: {} });
    const res = await open(old.token);
    expect(res.status).toBe(410);
    expect(res.text).toContain('This link was replaced');
    expect(res.text).not.toContain(order.code);
    expect((await open(old.token, '', 'HEAD')).status).toBe(410);
    expect((await open(/\/pass\/(.+)$/.exec(reissued.body.url)![1])).status).toBe(200);
  });

  it('cancelled, expired and final orders show their state and no code', async () => {
    const t = await token();
    const cancelled = await createOrder();
    await call('PUT', `/api/v2/orders/${cancelled.id}/cancellation`, { token: t, body: {} });
    const final = await createOrder();
    for (const s of final.services) await call('POST', `/api/v2/orders/${final.id}/services/${s.id}/events`, { token: t, body: { status: 'negative' } });
    for (const [order, state, heading] of [
      [cancelled, 'cancelled', 'This order was cancelled'],
      [final, 'final', 'Your tests are complete'],
    ] as const) {
      const res = await open((await passOf(order.id)).token);
      expect(res.status).toBe(200);
      expect(res.text).toContain(`data-state="${state}"`);
      expect(res.text).toContain(heading);
      expect(res.text).not.toContain(order.code);
      expect(res.text).not.toContain('data-testid="pass-qr"');
    }
  });
});

describe('clinic choice on the pass (participantChoice)', () => {
  it('search near a ZIP lists only clinics offering every test; choosing records it (scheduled, audit by participant, one event)', async () => {
    const order = await createOrder(orderBody({ callback: { url: 'https://hooks.example.com/orders' } }));
    expect(order.clinic).toBeNull();
    const pass = await passOf(order.id);
    const first = await open(pass.token);
    expect(first.text).toContain('Choose a clinic');
    const found = await open(pass.token, '?near=75201');
    expect(found.status).toBe(200);
    const ids = [...found.text.matchAll(/name="clinicId" value="([^"]+)"/g)].map((m) => m[1]);
    expect(ids.length).toBeGreaterThan(0);
    const serviceIds = await catalogServices(order.id);
    for (const id of ids) {
      const offered = rowsOf<{ n: number }>(
        await db().execute(sql`select count(*)::int as n from clinic_services where clinic_id = ${id} and service_id in (${sql.join(serviceIds.map((s) => sql`${s}`), sql`, `)})`),
      );
      expect(offered[0].n).toBe(new Set(serviceIds).size);
    }

    const res = await chooseClinic(pass.token, ids[0]);
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe(`/pass/${pass.token}?chosen=1`);
    const read = await get(`/api/v2/orders/${order.id}`, { token: await token() });
    expect(read.body.clinic?.id).toBe(ids[0]);
    expect(read.body.status).toBe('scheduled');
    const audit = rowsOf<{ actor_type: string; actor_name: string; data: Record<string, unknown> }>(
      await db().execute(sql`select actor_type, actor_name, data from audit_events where order_id = ${order.id} and action = 'order.clinic.chosen'`),
    );
    expect(audit).toEqual([{ actor_type: 'system', actor_name: 'participant', data: { from: null, to: ids[0], passId: expect.any(String) } }]);
    const events = rowsOf<{ payload: { data: { order: { clinic: { id: string }; status: string } } } }>(
      await db().execute(sql`select payload from webhook_deliveries where order_id = ${order.id} order by sequence`),
    );
    expect(events.map((e) => [e.payload.data.order.clinic.id, e.payload.data.order.status])).toEqual([[ids[0], 'scheduled']]);

    const after = await open(pass.token, '?chosen=1');
    expect(after.text).toContain('data-testid="pass-notice"');
    expect(after.text).toContain('data-testid="pass-clinic"');
    expect(after.text).toContain('Directions');
    expect(after.text).toContain('Change clinic');
  });

  it('a clinic in a building with ten others offering the tests can be chosen (the check looks at that clinic, not the ten nearest)', async () => {
    const order = await createOrder();
    const pass = await passOf(order.id);
    const serviceIds = await catalogServices(order.id);
    // Eleven clinics at one spot in the Pacific, far from every seeded one; ids sort after the seeded ones.
    const run = randomBytes(4).toString('hex');
    const ids = Array.from({ length: 11 }, (_, i) => `zz-building-${run}-${String(i).padStart(2, '0')}`);
    await db().insert(clinics).values(ids.map((id) => ({ id, tenantId: DEMO.tenants.acme.id, name: `Building ${run}`, lat: 21.0, long: -160.0, timeZone: 'Pacific/Honolulu' })));
    await db().insert(clinicServices).values(ids.flatMap((clinicId) => [...new Set(serviceIds)].map((serviceId) => ({ clinicId, serviceId, priceCents: 1 }))));
    const res = await chooseClinic(pass.token, ids[10]);
    expect(res.headers.get('location')).toBe(`/pass/${pass.token}?chosen=1`);
    expect((await get(`/api/v2/orders/${order.id}`, { token: await token() })).body.clinic?.id).toBe(ids[10]);
  });

  it('a clinic lacking a test is refused; nothing changes', async () => {
    const order = await createOrder();
    const pass = await passOf(order.id);
    const lacking = await clinicLacking(DEMO.tenants.acme.id, (await catalogServices(order.id))[0]);
    const res = await chooseClinic(pass.token, lacking.id);
    expect(res.headers.get('location')).toBe(`/pass/${pass.token}?error=clinic`);
    expect((await get(`/api/v2/orders/${order.id}`, { token: await token() })).body.clinic).toBeNull();
  });

  it('another tenant\'s clinic is refused', async () => {
    const order = await createOrder();
    const pass = await passOf(order.id);
    const [foreign] = rowsOf<{ id: string }>(await db().execute(sql`select id from clinics where tenant_id = ${DEMO.tenants.northwind.id} order by id limit 1`));
    expect((await chooseClinic(pass.token, foreign.id)).headers.get('location')).toBe(`/pass/${pass.token}?error=clinic`);
  });

  it('no choice once collection started', async () => {
    const order = await createOrder();
    const pass = await passOf(order.id);
    const found = await open(pass.token, '?near=75201');
    const id = /name="clinicId" value="([^"]+)"/.exec(found.text)![1];
    await call('POST', `/api/v2/orders/${order.id}/services/${order.services[0].id}/events`, { token: await token(), body: { status: 'pending_collectionInitiated' } });
    expect((await open(pass.token)).text).not.toContain('Choose a clinic');
    expect((await chooseClinic(pass.token, id)).headers.get('location')).toBe(`/pass/${pass.token}?error=state`);
  });

  it('a form from another site is refused (403); a replaced link answers 410', async () => {
    const order = await createOrder();
    const pass = await passOf(order.id);
    expect((await chooseClinic(pass.token, 'x', { origin: 'https://evil.example' })).status).toBe(403);
    expect((await chooseClinic(pass.token, 'x', { 'sec-fetch-site': 'cross-site', origin: 'null' })).status).toBe(403);
    // A browser's own form under Referrer-Policy: Origin may be "null", Sec-Fetch-Site says same-origin.
    expect((await chooseClinic(pass.token, 'x', { 'sec-fetch-site': 'same-origin', origin: 'null' })).headers.get('location')).toBe(`/pass/${pass.token}?error=clinic`);
    await call('POST', `/api/v2/orders/${order.id}/pass`, { token: await token(), body: {} });
    expect((await chooseClinic(pass.token, 'x')).status).toBe(410);
  });

  it('an unknown place says so', async () => {
    const order = await createOrder();
    const res = await open((await passOf(order.id)).token, '?near=Nowhere%2C%20ZZ');
    expect(res.text).toContain('We could not find that place');
    expect(res.text).toContain('aria-invalid="true"');
  });
});

describe('rate limit per client address', () => {
  const saved = process.env.RATE_LIMIT_ANONYMOUS_PER_MINUTE;
  afterEach(() => {
    if (saved === undefined) delete process.env.RATE_LIMIT_ANONYMOUS_PER_MINUTE;
    else process.env.RATE_LIMIT_ANONYMOUS_PER_MINUTE = saved;
  });

  it('429 with Retry-After once over the limit', async () => {
    const order = await createOrder();
    const pass = await passOf(order.id);
    process.env.RATE_LIMIT_ANONYMOUS_PER_MINUTE = '2';
    let limited: Awaited<ReturnType<typeof open>> | undefined;
    for (let i = 0; i < 4 && !limited; i++) {
      const res = await open(pass.token);
      if (res.status === 429) limited = res;
    }
    expect(limited?.status).toBe(429);
    expect(Number(limited!.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(limited!.text).toContain('Too many requests');
  });
});
