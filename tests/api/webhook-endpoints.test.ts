/**
 * /api/v2/webhook-endpoints (DESIGN.md 7.6, issue 30): create (the `whsec_` secret in that answer
 * only), list, get, update, rotate, the delivery log, test sends, recovery, redelivery (also through
 * /api/v2/webhooks/deliveries/{id}/redeliver); statuses and pointers of every refusal. Each
 * test tenant is its own, so that its endpoints receive no other test's events.
 */
import { sql } from 'drizzle-orm';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { rowsOf } from '@/lib/db/client';
import { createToken } from '@/lib/domain/api-tokens/tokens';
import { createCompany } from '@/lib/domain/companies';
import { eventType } from '@/lib/domain/events/catalog';
import { SCOPES, type Scope } from '@/lib/domain/scopes';
import { DEMO } from '@/lib/seed';
import { createTestTenant, operatorCtx } from './admins';
import { call, db, expectError, withTestDatabase } from './harness';

withTestDatabase();

const SECRET = /^whsec_[A-Za-z0-9+/]{43}=$/;
const URL_OK = 'http://127.0.0.1:9/endpoint';

let tenant: { id: string };
let wide: string;
let limited: string;
let reader: string;
let companyId: string;

const tokenOf = async (tenantId: string, scopes: Scope[] | 'all', companyIds: string[] | 'all') =>
  (await createToken(db(), { tenantId, name: 'endpoints', scopes, companyIds })).token;

beforeAll(async () => {
  tenant = await createTestTenant();
  const ctx = { ...(await operatorCtx(tenant.id)) };
  companyId = (await createCompany({ ctx, input: { name: 'Endpoint Co' } as never })).company.id;
  [wide, limited, reader] = await Promise.all([
    tokenOf(tenant.id, 'all', 'all'),
    tokenOf(tenant.id, 'all', [companyId]),
    tokenOf(tenant.id, SCOPES.filter((s) => s !== 'webhook.write'), 'all'),
  ]);
});

const create = (body: unknown, token = wide) => call('POST', '/api/v2/webhook-endpoints', { token, body });

describe('POST /api/v2/webhook-endpoints', () => {
  it('201 with Location and the secret once; get and list never show the secret', async () => {
    const res = await create({ url: URL_OK, description: 'ERP', enabledEvents: ['order.updated'], companies: [{ id: companyId }] });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body).toEqual({
      object: 'webhookEndpoint',
      id: expect.any(String),
      url: URL_OK,
      description: 'ERP',
      enabledEvents: ['order.updated'],
      companies: [{ id: companyId, object: 'company', url: `/api/v2/companies/${companyId}` }],
      status: 'enabled',
      disabledReason: null,
      failingSince: null,
      secretRotatedAt: null,
      previousSecretExpiresAt: null,
      createdAt: expect.stringMatching(/Z$/),
      updatedAt: expect.stringMatching(/Z$/),
      resourceUrl: `/api/v2/webhook-endpoints/${res.body.id}`,
      secret: expect.stringMatching(SECRET),
    });
    expect(res.headers.get('location')).toBe(`/api/v2/webhook-endpoints/${res.body.id}`);
    const { secret: _secret, ...shown } = res.body;
    const got = await call('GET', `/api/v2/webhook-endpoints/${res.body.id}`, { token: reader });
    expect(got.status).toBe(200);
    expect(got.body).toEqual(shown);
    const list = await call('GET', '/api/v2/webhook-endpoints', { token: reader, query: { limit: '20' } });
    expect(list.status).toBe(200);
    expect(list.body.data).toContainEqual(shown);
    expect(JSON.stringify(list.body)).not.toContain(res.body.secret);
    // Stored sealed, never in plain text.
    const [row] = rowsOf<{ secret_encrypted: string }>(await db().execute(sql`select secret_encrypted from webhook_endpoints where id = ${res.body.id}`));
    expect(row.secret_encrypted).not.toContain(res.body.secret.slice(6));
  });

  it('400 invalidValue at /enabledEvents/<i> for a type not in the catalog, and for `*` beside a type', async () => {
    expectError(await create({ url: URL_OK, enabledEvents: ['order.updated', 'order.exploded'] }), 400, 'invalidValue', '/enabledEvents/1');
    expectError(await create({ url: URL_OK, enabledEvents: ['*', 'order.updated'] }), 400, 'invalidValue', '/enabledEvents/0');
  });

  it('400 at the member for a missing or malformed url, a missing enabledEvents, an unknown member', async () => {
    expectError(await create({ enabledEvents: ['*'] }), 400, 'required', '/url');
    expectError(await create({ url: 'not a url', enabledEvents: ['*'] }), 400, 'invalidFormat', '/url');
    expectError(await create({ url: URL_OK }), 400, 'required', '/enabledEvents');
    expectError(await create({ url: URL_OK, enabledEvents: ['*'], secret: 'x' }), 400, 'unrecognizedKeys', '/secret');
  });

  it('404 notFound at /companies/<i>/id for a company of another tenant', async () => {
    const res = await create({ url: URL_OK, enabledEvents: ['*'], companies: [{ id: companyId }, { id: DEMO.acme.companies.primary }] });
    const entry = expectError(res, 404, 'notFound', '/companies/1/id');
    expect(entry.source).toEqual({ pointer: '/companies/1/id' });
  });

  it('403 insufficientScope for a company-limited principal, and without webhook.write', async () => {
    expectError(await create({ url: URL_OK, enabledEvents: ['*'] }, limited), 403, 'insufficientScope');
    expectError(await create({ url: URL_OK, enabledEvents: ['*'] }, reader), 403, 'insufficientScope');
  });

  it('422 invalidState with the limit in meta beyond 20 endpoints per tenant', async () => {
    const own = await createTestTenant();
    const t = await tokenOf(own.id, 'all', 'all');
    for (let i = 0; i < 20; i++) expect((await create({ url: `${URL_OK}/${i}`, enabledEvents: ['*'] }, t)).status).toBe(201);
    const res = await create({ url: URL_OK, enabledEvents: ['*'] }, t);
    const entry = expectError(res, 422, 'invalidState');
    expect(entry.meta).toEqual({ limit: 20, count: 20 });
  });
});

describe('PATCH /api/v2/webhook-endpoints/{id}', () => {
  it('changes what is sent; disabling says byUser; companies: null takes every company', async () => {
    const made = await create({ url: URL_OK, enabledEvents: ['*'], companies: [{ id: companyId }] });
    const path = `/api/v2/webhook-endpoints/${made.body.id}` as const;
    const res = await call('PATCH', path, { token: wide, body: { enabledEvents: ['document.created'], status: 'disabled', companies: null, description: 'Off' } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ enabledEvents: ['document.created'], status: 'disabled', disabledReason: 'byUser', companies: null, description: 'Off', url: URL_OK });
    const back = await call('PATCH', path, { token: wide, body: { status: 'enabled' } });
    expect(back.body).toMatchObject({ status: 'enabled', disabledReason: null });
  });

  it('400 at the member, 404 for an unknown or foreign endpoint, 403 for a company-limited principal', async () => {
    const made = await create({ url: URL_OK, enabledEvents: ['*'] });
    const path = `/api/v2/webhook-endpoints/${made.body.id}` as const;
    expectError(await call('PATCH', path, { token: wide, body: { enabledEvents: ['nope'] } }), 400, 'invalidValue', '/enabledEvents/0');
    expectError(await call('PATCH', path, { token: wide, body: { status: 'paused' } }), 400, 'invalidValue', '/status');
    expectError(await call('PATCH', path, { token: wide, body: { companies: [{ id: DEMO.acme.companies.primary }] } }), 404, 'notFound', '/companies/0/id');
    expectError(await call('PATCH', path, { token: limited, body: { description: 'x' } }), 403, 'insufficientScope');
    const acme = (await createToken(db(), { tenantId: DEMO.tenants.acme.id, name: 'acme', scopes: 'all', companyIds: 'all' })).token;
    expectError(await call('PATCH', path, { token: acme, body: { description: 'x' } }), 404, 'notFound');
    expectError(await call('GET', path, { token: acme }), 404, 'notFound');
  });
});

describe('POST /api/v2/webhook-endpoints/{id}/secret-rotation', () => {
  it('a new secret in the answer; the one before signs until previousSecretExpiresAt, 24 hours on', async () => {
    const made = await create({ url: URL_OK, enabledEvents: ['*'] });
    const res = await call('POST', `/api/v2/webhook-endpoints/${made.body.id}/secret-rotation`, { token: wide });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.secret).toMatch(SECRET);
    expect(res.body.secret).not.toBe(made.body.secret);
    const rotated = Date.parse(res.body.secretRotatedAt ?? '');
    expect(Date.parse(res.body.previousSecretExpiresAt ?? '') - rotated).toBe(24 * 3600 * 1000);
    const got = await call('GET', `/api/v2/webhook-endpoints/${made.body.id}`, { token: wide });
    expect(got.body.previousSecretExpiresAt).toBe(res.body.previousSecretExpiresAt);
    expect(got.body).not.toHaveProperty('secret');
  });

  it('403 for a company-limited principal, 404 for an unknown endpoint', async () => {
    const made = await create({ url: URL_OK, enabledEvents: ['*'] });
    expectError(await call('POST', `/api/v2/webhook-endpoints/${made.body.id}/secret-rotation`, { token: limited }), 403, 'insufficientScope');
    expectError(await call('POST', '/api/v2/webhook-endpoints/00000000-0000-4000-8000-000000000000/secret-rotation', { token: wide }), 404, 'notFound');
  });
});

describe('GET /api/v2/webhook-endpoints/{id}/deliveries', () => {
  it('an empty log for a new endpoint; 404 for an unknown one', async () => {
    const made = await create({ url: URL_OK, enabledEvents: ['*'] });
    const res = await call('GET', `/api/v2/webhook-endpoints/${made.body.id}/deliveries`, { token: reader });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ data: [], total: 0, page: 1, limit: 10 });
    expectError(await call('GET', '/api/v2/webhook-endpoints/00000000-0000-4000-8000-000000000000/deliveries', { token: reader }), 404, 'notFound');
  });
});

describe('the callback URL rules, at creation and update (ALLOW_PRIVATE_CALLBACKS switched off here)', () => {
  const previous = process.env.ALLOW_PRIVATE_CALLBACKS;
  beforeEach(() => {
    process.env.ALLOW_PRIVATE_CALLBACKS = 'false';
  });
  afterEach(() => {
    process.env.ALLOW_PRIVATE_CALLBACKS = previous;
  });

  it.each(['http://8.8.8.8/h', 'https://127.1/h', 'https://[::ffff:169.254.169.254]/latest/meta-data', 'https://10.0.0.5/h', 'https://localhost./h'])(
    '400 invalidValue at /url for %s',
    async (url) => {
      expectError(await create({ url, enabledEvents: ['*'] }), 400, 'invalidValue', '/url');
    },
  );

  it('a public https URL is created; changing it to a private one is refused and changes nothing', async () => {
    const made = await create({ url: 'https://8.8.8.8/h', enabledEvents: ['*'] });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    const path = `/api/v2/webhook-endpoints/${made.body.id}` as const;
    expectError(await call('PATCH', path, { token: wide, body: { url: 'https://192.168.1.10/h' } }), 400, 'invalidValue', '/url');
    expect((await call('GET', path, { token: wide })).body.url).toBe('https://8.8.8.8/h');
  });
});

const MISSING = '00000000-0000-4000-8000-000000000000';

describe('POST /api/v2/webhook-endpoints/{id}/test', () => {
  it('202 with the queued delivery: the example of the type, a fresh evt_ id and createdAt, about no order, not an event; audited', async () => {
    const made = await create({ url: URL_OK, enabledEvents: ['order.updated'] });
    const res = await call('POST', `/api/v2/webhook-endpoints/${made.body.id}/test`, { token: wide, body: { type: 'document.created' } });
    expect(res.status, JSON.stringify(res.body)).toBe(202);
    expect(res.body).toEqual({
      object: 'webhookEndpointDelivery',
      id: expect.any(String),
      eventId: expect.stringMatching(/^evt_[0-9a-f]{32}$/),
      // Any catalog type may be tried, whatever the endpoint takes.
      eventType: 'document.created',
      status: 'pending',
      createdAt: expect.stringMatching(/Z$/),
      deliveredAt: null,
      attempts: [],
    });
    const [row] = rowsOf<{ order_id: string | null; sequence: number; event_type: string; payload: Record<string, unknown>; url: string }>(
      await db().execute(sql`select order_id, sequence, event_type, payload, url from webhook_deliveries where id = ${res.body.id}`),
    );
    const example = eventType('document.created')!.example as Record<string, unknown>;
    expect(row).toMatchObject({ order_id: null, sequence: 0, event_type: 'document.created', url: URL_OK });
    expect(row.payload).toEqual({ ...example, id: res.body.eventId, createdAt: expect.stringMatching(/Z$/) });
    expect(row.payload.createdAt).not.toBe(example.createdAt);
    const recorded = rowsOf<{ n: number }>(await db().execute(sql`select count(*)::int as n from events where id = ${res.body.eventId}`));
    expect(recorded[0].n).toBe(0);
    const audit = rowsOf<{ n: number }>(
      await db().execute(sql`select count(*)::int as n from audit_events where subject_id = ${made.body.id} and action = 'webhookEndpoint.testSent'`),
    );
    expect(audit[0].n).toBe(1);
    // It is in the endpoint's log.
    const log = await call('GET', `/api/v2/webhook-endpoints/${made.body.id}/deliveries`, { token: reader });
    expect(log.body.data).toEqual([res.body]);
  });

  it('400 invalidValue at /type for a type not in the catalog, required without one; 422 invalidState when disabled; 404; 403', async () => {
    const made = await create({ url: URL_OK, enabledEvents: ['*'] });
    const path = `/api/v2/webhook-endpoints/${made.body.id}/test` as const;
    expectError(await call('POST', path, { token: wide, body: { type: 'order.exploded' } }), 400, 'invalidValue', '/type');
    expectError(await call('POST', path, { token: wide, body: {} }), 400, 'required', '/type');
    expectError(await call('POST', `/api/v2/webhook-endpoints/${MISSING}/test`, { token: wide, body: { type: 'order.updated' } }), 404, 'notFound');
    expectError(await call('POST', path, { token: limited, body: { type: 'order.updated' } }), 403, 'insufficientScope');
    await call('PATCH', `/api/v2/webhook-endpoints/${made.body.id}`, { token: wide, body: { status: 'disabled' } });
    expectError(await call('POST', path, { token: wide, body: { type: 'order.updated' } }), 422, 'invalidState');
  });
});

describe('POST /api/v2/webhook-endpoints/{id}/recovery', () => {
  it('202 webhookRecovery with the range and the count queued; until defaults to now', async () => {
    const made = await create({ url: URL_OK, enabledEvents: ['*'] });
    const since = new Date(Date.now() - 24 * 3600 * 1000).toISOString();
    const res = await call('POST', `/api/v2/webhook-endpoints/${made.body.id}/recovery`, { token: wide, body: { since } });
    expect(res.status, JSON.stringify(res.body)).toBe(202);
    // This tenant of its own emitted no event.
    expect(res.body).toEqual({ object: 'webhookRecovery', endpoint: made.body.id, since, until: expect.stringMatching(/Z$/), events: 0 });
    expect(Date.parse(res.body.until)).toBeGreaterThan(Date.parse(since));
    const until = new Date(Date.parse(since) + 3600_000).toISOString();
    const ranged = await call('POST', `/api/v2/webhook-endpoints/${made.body.id}/recovery`, { token: wide, body: { since, until } });
    expect(ranged.body).toMatchObject({ since, until, events: 0 });
    const audit = rowsOf<{ n: number }>(
      await db().execute(sql`select count(*)::int as n from audit_events where subject_id = ${made.body.id} and action = 'webhookEndpoint.recovered'`),
    );
    expect(audit[0].n).toBe(2);
  });

  it('400 invalidValue at /since beyond 30 days, at /until not after since; 400 at the member for a malformed one; 422 when disabled; 404; 403', async () => {
    const made = await create({ url: URL_OK, enabledEvents: ['*'] });
    const path = `/api/v2/webhook-endpoints/${made.body.id}/recovery` as const;
    const day = 24 * 3600 * 1000;
    const at = (msAgo: number) => new Date(Date.now() - msAgo).toISOString();
    expectError(await call('POST', path, { token: wide, body: { since: at(31 * day) } }), 400, 'invalidValue', '/since');
    const since = at(day);
    expectError(await call('POST', path, { token: wide, body: { since, until: since } }), 400, 'invalidValue', '/until');
    expectError(await call('POST', path, { token: wide, body: { since, until: at(2 * day) } }), 400, 'invalidValue', '/until');
    expectError(await call('POST', path, { token: wide, body: { since: 'yesterday' } }), 400, 'invalidFormat', '/since');
    expectError(await call('POST', path, { token: wide, body: {} }), 400, 'required', '/since');
    expectError(await call('POST', `/api/v2/webhook-endpoints/${MISSING}/recovery`, { token: wide, body: { since } }), 404, 'notFound');
    expectError(await call('POST', path, { token: limited, body: { since } }), 403, 'insufficientScope');
    expectError(await call('POST', path, { token: reader, body: { since } }), 403, 'insufficientScope');
    await call('PATCH', `/api/v2/webhook-endpoints/${made.body.id}`, { token: wide, body: { status: 'disabled' } });
    expectError(await call('POST', path, { token: wide, body: { since } }), 422, 'invalidState');
  });
});

describe('POST /api/v2/webhook-endpoints/{id}/deliveries/{deliveryId}/redelivery', () => {
  it('202 with the delivery pending again; 404 for another endpoint\'s delivery or an unknown one; 422 when disabled; 403', async () => {
    const a = await create({ url: URL_OK, enabledEvents: ['*'] });
    const b = await create({ url: URL_OK, enabledEvents: ['*'] });
    const sent = await call('POST', `/api/v2/webhook-endpoints/${a.body.id}/test`, { token: wide, body: { type: 'order.updated' } });
    await db().execute(sql`update webhook_deliveries set status = 'failed', next_attempt_at = null where id = ${sent.body.id}`);
    const path = `/api/v2/webhook-endpoints/${a.body.id}/deliveries/${sent.body.id}/redelivery` as const;
    const res = await call('POST', path, { token: wide });
    expect(res.status, JSON.stringify(res.body)).toBe(202);
    expect(res.body).toMatchObject({ object: 'webhookEndpointDelivery', id: sent.body.id, eventId: sent.body.eventId, status: 'pending' });
    expectError(await call('POST', `/api/v2/webhook-endpoints/${b.body.id}/deliveries/${sent.body.id}/redelivery`, { token: wide }), 404, 'notFound');
    expectError(await call('POST', `/api/v2/webhook-endpoints/${a.body.id}/deliveries/${MISSING}/redelivery`, { token: wide }), 404, 'notFound');
    expectError(await call('POST', `/api/v2/webhook-endpoints/${MISSING}/deliveries/${sent.body.id}/redelivery`, { token: wide }), 404, 'notFound');
    expectError(await call('POST', path, { token: limited }), 403, 'insufficientScope');
    await call('PATCH', `/api/v2/webhook-endpoints/${a.body.id}`, { token: wide, body: { status: 'disabled' } });
    expectError(await call('POST', path, { token: wide }), 422, 'invalidState');
  });
});

describe('POST /api/v2/webhooks/deliveries/{id}/redeliver, for an endpoint\'s delivery', () => {
  it('200 webhookDelivery pending again for a principal of every company; 404 for a company-limited one; 422 when the endpoint is disabled', async () => {
    const made = await create({ url: URL_OK, enabledEvents: ['*'] });
    const sent = await call('POST', `/api/v2/webhook-endpoints/${made.body.id}/test`, { token: wide, body: { type: 'order.updated' } });
    await db().execute(sql`update webhook_deliveries set status = 'failed', next_attempt_at = null where id = ${sent.body.id}`);
    const path = `/api/v2/webhooks/deliveries/${sent.body.id}/redeliver` as const;
    const res = await call('POST', path, { token: wide });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ object: 'webhookDelivery', id: sent.body.id, eventId: sent.body.eventId, orderId: null, sequence: 0, url: URL_OK, status: 'pending' });
    expectError(await call('POST', path, { token: limited }), 404, 'notFound');
    const audit = rowsOf<{ n: number }>(
      await db().execute(sql`select count(*)::int as n from audit_events where subject_id = ${made.body.id} and action = 'webhookEndpoint.redelivered'`),
    );
    expect(audit[0].n).toBe(1);
    await call('PATCH', `/api/v2/webhook-endpoints/${made.body.id}`, { token: wide, body: { status: 'disabled' } });
    expectError(await call('POST', path, { token: wide }), 422, 'invalidState');
  });
});
