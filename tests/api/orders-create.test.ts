import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { SCOPES } from '@/lib/domain/scopes';
import { rowsOf } from '@/lib/db/client';
import { DEMO } from '@/lib/seed';
import { call, db, expectError, token, withTestDatabase } from './harness';
import { acme, agencyJobCategory, clinicLacking, clinicOffering, orderBody, withParticipant } from './orders-fixtures';
import { describeAuthentication } from './shared';

withTestDatabase();

const post = async (body: unknown, opts: { t?: string; headers?: Record<string, string> } = {}) =>
  call('POST', '/api/v2/orders', { token: opts.t ?? (await token()), body, headers: opts.headers });

const ORDER_FIELDS = [
  'acknowledgedAt', 'acknowledgedBy', 'agency', 'clearinghouse', 'clinic', 'code', 'company', 'createdAt', 'deliveryMethods', 'employee', 'expiresAt', 'id',
  'incident', 'isFinal', 'jobCategory', 'location', 'object', 'otherTestReason', 'packages', 'participant', 'requester',
  'services', 'settings', 'status', 'statusUpdatedAt', 'testReason', 'updatedAt', 'url',
];

describe('POST /api/v2/orders', () => {
  describeAuthentication('POST', () => '/api/v2/orders', 'order.create', orderBody());

  describe('201 Created', () => {
    it('a participant address state typed in lower case is stored in upper case', async () => {
      const res = await post(withParticipant({ address: { line1: '1 Main St', city: 'Dallas', state: 'tx', postalCode: '75201', country: 'US' } }));
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      expect(res.body.participant.address?.state).toBe('TX');
    });

    it('returns the whole Order (spec 2.1) with a Location header', async () => {
      const body = withParticipant({ middleName: 'Q', address: { line1: '1 Main St', city: 'Dallas', state: 'TX', postalCode: '75201', country: 'US' } });
      const res = await post(body);
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      const order = res.body;
      expect(res.headers.get('location')).toBe(`/api/v2/orders/${order.id}`);
      expect(Object.keys(order).sort()).toEqual(ORDER_FIELDS);
      expect(order).toMatchObject({
        object: 'order',
        url: `/api/v2/orders/${order.id}`,
        status: 'ordered',
        isFinal: false,
        agency: null,
        clinic: null,
        jobCategory: null,
        testReason: 'preEmployment',
        otherTestReason: null,
        deliveryMethods: [{ type: 'email' }],
        requester: { email: 'manager@acme.test', name: 'Morgan Lee' },
        settings: { schedule: { strategy: 'participantChoice' }, observedCollection: false, notes: null },
        incident: null,
        acknowledgedAt: null,
        acknowledgedBy: null,
        company: { id: acme.companies.primary, object: 'company', url: `/api/v2/companies/${acme.companies.primary}` },
        location: { id: acme.locations.primary, object: 'location' },
        packages: [{ id: acme.packages.nonDot, object: 'package', url: `/api/v2/packages/${acme.packages.nonDot}` }],
        participant: {
          firstName: 'Pat',
          lastName: body.participant.lastName,
          middleName: 'Q',
          birthDate: '1990-01-15',
          email: body.participant.email,
          phone: body.participant.phone,
          address: { object: 'address', line1: '1 Main St', line2: null, city: 'Dallas', state: 'TX', postalCode: '75201', country: 'US' },
        },
      });
      expect(order.code).toMatch(/^[2-9A-HJ-NP-Z]{4}-[2-9A-HJ-NP-Z]{4}$/);
      expect(order.statusUpdatedAt).toBe(order.createdAt);
      expect(order.createdAt).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
      expect(Date.parse(order.expiresAt!) - Date.parse(order.createdAt)).toBe(14 * 86_400_000);
      expect(order.services.length).toBeGreaterThan(0);
      for (const s of order.services) {
        expect(s).toMatchObject({ object: 'orderService', status: 'ordered', isFinal: false, lab: null, specimenId: null, courierServiceName: null, deadline: null, screenHistory: [] });
        expect(s.statusHistory).toEqual([{ object: 'orderServiceStatusHistory', occurredAt: order.createdAt, status: 'ordered', groupType: 'ordered' }]);
        expect(s).not.toHaveProperty('trackingNumber');
      }
    });

    it('creates one order service per package service, in package order', async () => {
      const pkg = (await call('GET', `/api/v2/packages/${acme.packages.dotWithAlcohol}`, { token: await token() })).body;
      const res = await post(orderBody({ package: { id: acme.packages.dotWithAlcohol }, agency: { id: DEMO.agencies.FMCSA } }));
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      expect(res.body.services.map((s: { name: string }) => s.name)).toEqual(pkg.services.map((s: { name: string }) => s.name));
      expect(res.body.services.every((s: { isDot: boolean }) => s.isDot)).toBe(true);
      expect(res.body.agency).toEqual({ id: DEMO.agencies.FMCSA, code: 'FMCSA', object: 'agency', url: `/api/v2/agencies/${DEMO.agencies.FMCSA}` });
    });

    it('uses settings.expiresAt and keeps settings out of the representation', async () => {
      const expiresAt = new Date(Date.now() + 3 * 86_400_000).toISOString();
      const res = await post(orderBody({ settings: { expiresAt, observedCollection: true, notes: 'Bring ID' } }));
      expect(res.status).toBe(201);
      expect(res.body.expiresAt).toBe(expiresAt);
    });

    it('includes participant identifiers only for tokens with order.participant.read', async () => {
      const identifiers = [{ type: 'driversLicense', value: 'D1234567', issuingCountry: 'US', issuingState: 'TX' }];
      const withScope = await post(withParticipant({ identifiers }));
      expect(withScope.body.participant.identifiers).toEqual([{ object: 'participantIdentifier', ...identifiers[0] }]);
      const without = await post(withParticipant({ identifiers }), { t: await token({ scopes: SCOPES.filter((s) => s !== 'order.participant.read') }) });
      expect(without.status).toBe(201);
      expect(without.body.participant).not.toHaveProperty('identifiers');
    });

    it('stores identifier values encrypted at rest', async () => {
      const res = await post(withParticipant({ identifiers: [{ type: 'ssnLast4', value: '6789' }] }));
      const [row] = rowsOf<{ value: string }>(await db().execute(sql`select value from participant_identifiers where order_id = ${res.body.id}`));
      expect(row.value).not.toContain('6789');
      expect(row.value.startsWith('enc:v1:')).toBe(true);
    });

    it('accepts 29 February of a leap year', async () => {
      expect((await post(withParticipant({ birthDate: '2000-02-29' }))).status).toBe(201);
    });

    it('writes the audit event and counts the order in the same transaction', async () => {
      const res = await post(orderBody());
      const audit = rowsOf<{ action: string; actor_type: string }>(await db().execute(sql`select action, actor_type from audit_events where order_id = ${res.body.id}`));
      expect(audit).toEqual([{ action: 'order.created', actor_type: 'token' }]);
    });
  });

  describe('400 validation', () => {
    const cases: Array<[string, () => unknown, string, string]> = [
      ['no delivery method', () => orderBody({ deliveryMethods: [] }), 'tooSmall', '/deliveryMethods'],
      ['two delivery methods', () => orderBody({ deliveryMethods: [{ type: 'email' }, { type: 'sms' }] }), 'tooBig', '/deliveryMethods'],
      ['unknown delivery method', () => orderBody({ deliveryMethods: [{ type: 'fax' }] }), 'invalidUnion', '/deliveryMethods/0/type'],
      ['missing location', () => ({ ...orderBody(), location: undefined }), 'required', '/location'],
      ['missing participant.lastName', () => withParticipant({ lastName: undefined }), 'required', '/participant/lastName'],
      ['empty firstName', () => withParticipant({ firstName: '' }), 'tooSmall', '/participant/firstName'],
      ['unknown member', () => withParticipant({ nickname: 'P' }), 'unrecognizedKeys', '/participant/nickname'],
      ['unknown top-level member', () => orderBody({ priority: 'high' }), 'unrecognizedKeys', '/priority'],
      ['unknown test reason', () => orderBody({ testReason: 'curiosity' }), 'invalidValue', '/testReason'],
      ['not a calendar date', () => withParticipant({ birthDate: '2023-02-29' }), 'invalidFormat', '/participant/birthDate'],
      ['birth date in the future', () => withParticipant({ birthDate: '2999-01-01' }), 'invalidValue', '/participant/birthDate'],
      ['phone not E.164', () => withParticipant({ phone: '555-0100' }), 'invalidFormat', '/participant/phone'],
      ['bad e-mail', () => withParticipant({ email: 'not-an-email' }), 'invalidFormat', '/participant/email'],
      ['email delivery without e-mail', () => withParticipant({ email: null }), 'required', '/participant/email'],
      ['sms delivery without phone', () => withParticipant({ phone: undefined }, { deliveryMethods: [{ type: 'sms' }] }), 'required', '/participant/phone'],
      ['otherTestReason without testReason other', () => orderBody({ otherTestReason: 'personal' }), 'invalidValue', '/otherTestReason'],
      ['otherTestReason over 30 characters', () => orderBody({ testReason: 'other', otherTestReason: 'x'.repeat(31) }), 'tooBig', '/otherTestReason'],
      ['empty otherTestReason', () => orderBody({ testReason: 'other', otherTestReason: '' }), 'tooSmall', '/otherTestReason'],
      ['nearestClinic without participant address', () => orderBody({ settings: { schedule: { strategy: 'nearestClinic' } } }), 'required', '/participant/address'],
      ['clinic strategy without clinic', () => orderBody({ settings: { schedule: { strategy: 'clinic' } } }), 'required', '/settings/schedule/clinic'],
      ['expiresAt in the past', () => orderBody({ settings: { expiresAt: '2020-01-01T00:00:00.000Z' } }), 'invalidValue', '/settings/expiresAt'],
      ['notes over 1000 characters', () => orderBody({ settings: { notes: 'x'.repeat(1001) } }), 'tooBig', '/settings/notes'],
      ['orderMatching window over 365 days', () => orderBody({ orderMatching: { windowDays: 366 } }), 'tooBig', '/orderMatching/windowDays'],
      ['callback URL not a URL', () => orderBody({ callback: { url: 'nope' } }), 'invalidFormat', '/callback/url'],
      ['deliveryMethods not an array', () => orderBody({ deliveryMethods: 'email' }), 'invalidType', '/deliveryMethods'],
      ['country not ISO alpha-2', () => withParticipant({ address: { line1: 'a', city: 'b', state: 'TX', postalCode: '1', country: 'USA' } }), 'invalidFormat', '/participant/address/country'],
    ];
    it.each(cases)('%s', async (_title, body, code, pointer) => {
      expectError(await post(body()), 400, code, pointer);
    });

    it('reports every problem at once', async () => {
      const res = await post(withParticipant({ firstName: '', phone: 'x' }, { testReason: 'nope' }));
      expect(res.status).toBe(400);
      const pointers = res.body.errors.map((e) => e.source?.pointer).sort();
      expect(pointers).toEqual(['/participant/firstName', '/participant/phone', '/testReason']);
    });

    it('400 badRequest for a malformed JSON body, without a pointer', async () => {
      const res = await call('POST', '/api/v2/orders', { token: await token(), rawBody: '{"deliveryMethods": [', headers: { 'content-type': 'application/json' } });
      expectError(res, 400, 'badRequest');
    });

    it('400 invalidType for a body that is not an object', async () => {
      expectError(await post([1, 2]), 400, 'invalidType', '');
    });

    it('413 tooBig for a body over 1 MiB', async () => {
      const res = await post(orderBody({ settings: { notes: 'x'.repeat(1024 * 1024) } }));
      expectError(res, 413, 'tooBig');
    });
  });

  describe('404 for a location or package outside the token\'s access', () => {
    it('unknown, foreign-tenant and unlinked-company locations answer alike', async () => {
      const unknown = await post(orderBody({ location: { id: 'nope' } }));
      expectError(unknown, 404, 'notFound', '/location/id');
      const foreign = await post(orderBody({ location: { id: DEMO.northwind.locations.primary } }));
      expect(foreign.body).toEqual(unknown.body);
      const unlinked = await post(orderBody(), { t: await token({ companies: [acme.companies.secondary] }) });
      expect(unlinked.body).toEqual(unknown.body);
    });

    it('an inactive location is refused', async () => {
      expectError(await post(orderBody({ location: { id: acme.locations.inactive } })), 404, 'notFound', '/location/id');
    });

    it('a package not available at the location', async () => {
      expectError(await post(orderBody({ location: { id: acme.locations.secondary } })), 404, 'notFound', '/package/id');
      expectError(await post(orderBody({ package: { id: DEMO.northwind.packages.nonDot } })), 404, 'notFound', '/package/id');
    });

    it('a location-level package is available at its own location only', async () => {
      expect((await post(orderBody({ package: { id: acme.packages.locationLevel } }))).status).toBe(201);
      expectError(
        await post(orderBody({ location: { id: acme.locations.feeCapped }, package: { id: acme.packages.locationLevel } })),
        404,
        'notFound',
        '/package/id',
      );
    });
  });

  describe('agency and job category', () => {
    it('400 required /agency for a package with a DOT service', async () => {
      expectError(await post(orderBody({ package: { id: acme.packages.dot } })), 400, 'required', '/agency');
    });
    it('400 invalidValue /agency for a package without a DOT service', async () => {
      expectError(await post(orderBody({ agency: { id: DEMO.agencies.FMCSA } })), 400, 'invalidValue', '/agency');
    });
    it('400 invalidValue /agency/id for an unknown agency', async () => {
      expectError(await post(orderBody({ package: { id: acme.packages.dot }, agency: { id: 'nope' } })), 400, 'invalidValue', '/agency/id');
    });
    it('400 required /jobCategory for a DOT urine test under FAA, FRA or FTA', async () => {
      for (const code of ['FAA', 'FRA', 'FTA'] as const)
        expectError(await post(orderBody({ package: { id: acme.packages.dot }, agency: { id: DEMO.agencies[code] } })), 400, 'required', '/jobCategory');
    });
    it('201 under FAA with one of its job categories', async () => {
      const jobCategoryId = await agencyJobCategory(DEMO.agencies.FAA);
      const res = await post(orderBody({ package: { id: acme.packages.dot }, agency: { id: DEMO.agencies.FAA }, jobCategory: { id: jobCategoryId } }));
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      expect(res.body.jobCategory).toMatchObject({ id: jobCategoryId, object: 'jobCategory', url: `/api/v2/agencies/${DEMO.agencies.FAA}/jobCategories/${jobCategoryId}` });
      expect(Object.keys(res.body.jobCategory!).sort()).toEqual(['id', 'name', 'object', 'url']);
    });
    it('400 invalidValue /jobCategory/id for a category another agency publishes', async () => {
      const fta = await agencyJobCategory(DEMO.agencies.FTA);
      expectError(await post(orderBody({ package: { id: acme.packages.dot }, agency: { id: DEMO.agencies.FAA }, jobCategory: { id: fta } })), 400, 'invalidValue', '/jobCategory/id');
    });
    it('400 invalidValue /jobCategory under an agency other than FAA, FRA, FTA', async () => {
      const faa = await agencyJobCategory(DEMO.agencies.FAA);
      expectError(await post(orderBody({ package: { id: acme.packages.dot }, agency: { id: DEMO.agencies.FMCSA }, jobCategory: { id: faa } })), 400, 'invalidValue', '/jobCategory');
    });
    it('400 invalidValue /jobCategory for a non-DOT order', async () => {
      const faa = await agencyJobCategory(DEMO.agencies.FAA);
      expectError(await post(orderBody({ jobCategory: { id: faa } })), 400, 'invalidValue', '/jobCategory');
    });
    it('201 under FMCSA without a job category', async () => {
      const res = await post(orderBody({ package: { id: acme.packages.dot }, agency: { id: DEMO.agencies.FMCSA } }));
      expect(res.status).toBe(201);
      expect(res.body.jobCategory).toBeNull();
    });
  });

  describe('otherTestReason', () => {
    it('one of the 14 values for a package without DOT drug, alcohol or occupational health service', async () => {
      const ok = await post(orderBody({ testReason: 'other', otherTestReason: 'courtOrdered' }));
      expect(ok.status).toBe(201);
      expect(ok.body).toMatchObject({ testReason: 'other', otherTestReason: 'courtOrdered' });
      const entry = expectError(await post(orderBody({ testReason: 'other', otherTestReason: 'Team building' })), 400, 'invalidValue', '/otherTestReason');
      expect(entry.meta.allowed).toHaveLength(14);
    });
    it('free text when the package includes a DOT drug test', async () => {
      const res = await post(orderBody({ package: { id: acme.packages.dot }, agency: { id: DEMO.agencies.FMCSA }, testReason: 'other', otherTestReason: 'Team building' }));
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      expect(res.body.otherTestReason).toBe('Team building');
    });
  });

  describe('background checks', () => {
    it('201 with a link delivery method at a company with the integration', async () => {
      expect((await post(orderBody({ package: { id: acme.packages.drugAndBackground } }))).status).toBe(201);
    });
    it('422 linkRequiredBackground with delivery method none', async () => {
      expectError(await post(orderBody({ package: { id: acme.packages.drugAndBackground }, deliveryMethods: [{ type: 'none' }] })), 422, 'linkRequiredBackground', '/deliveryMethods/0/type');
    });
    it('422 backgroundCheckIntegrationNotConfigured for a company without the integration', async () => {
      const res = await post(orderBody({ location: { id: acme.locations.secondary }, package: { id: acme.packages.backgroundOnlyNoIntegration } }));
      expectError(res, 422, 'backgroundCheckIntegrationNotConfigured', '/package/id');
    });
  });

  describe('schedule', () => {
    it('422 invalidScheduleStrategy for a strategy the location does not allow', async () => {
      const res = await post(orderBody({ location: { id: acme.locations.participantChoiceOnly }, settings: { schedule: { strategy: 'nearestClinic' } } }));
      // nearestClinic without an address fails validation first; give one.
      expect(res.status).toBe(400);
      const withAddress = withParticipant(
        { address: { line1: '1 Main St', city: 'Phoenix', state: 'AZ', postalCode: '85004', country: 'US' } },
        { location: { id: acme.locations.participantChoiceOnly }, settings: { schedule: { strategy: 'nearestClinic' } } },
      );
      expectError(await post(withAddress), 422, 'invalidScheduleStrategy', '/settings/schedule/strategy');
    });

    it('201 scheduled at a named clinic offering the package', async () => {
      const clinic = await clinicOffering(DEMO.tenants.acme.id, [acme.services.nonDotUrine]);
      const res = await post(orderBody({ settings: { schedule: { strategy: 'clinic', clinic: { id: clinic.id } } } }));
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      expect(res.body.status).toBe('scheduled');
      expect(res.body.clinic).toMatchObject({ id: clinic.id, object: 'clinic', url: `/api/v2/clinics/${clinic.id}` });
      expect(Object.keys(res.body.clinic!).sort()).toEqual(['address', 'id', 'name', 'object', 'phone', 'url']);
    });

    it('422 scheduleConfiguredClinicUnavailable for a clinic lacking a service, or inactive', async () => {
      const lacking = await clinicLacking(DEMO.tenants.acme.id, acme.services.nonDotUrine);
      expectError(await post(orderBody({ settings: { schedule: { strategy: 'clinic', clinic: { id: lacking.id } } } })), 422, 'scheduleConfiguredClinicUnavailable', '/settings/schedule/clinic/id');
      const inactive = await clinicOffering(DEMO.tenants.acme.id, [acme.services.nonDotUrine], { active: false });
      expectError(await post(orderBody({ settings: { schedule: { strategy: 'clinic', clinic: { id: inactive.id } } } })), 422, 'scheduleConfiguredClinicUnavailable', '/settings/schedule/clinic/id');
    });

    it('404 notFound for another tenant\'s clinic', async () => {
      const [{ id }] = rowsOf<{ id: string }>(await db().execute(sql`select id from clinics where tenant_id = ${DEMO.tenants.northwind.id} and is_active limit 1`));
      expectError(await post(orderBody({ settings: { schedule: { strategy: 'clinic', clinic: { id } } } })), 404, 'notFound', '/settings/schedule/clinic/id');
    });

    it('422 scheduleClinicExcludedByFeeCap when the clinic costs more than the location allows', async () => {
      const [{ fee_cap_cents: cap }] = rowsOf<{ fee_cap_cents: number }>(await db().execute(sql`select fee_cap_cents from locations where id = ${acme.locations.feeCapped}`));
      // A clinic of our own making, so that its price is above the cap whatever the seed says.
      const [{ id }] = rowsOf<{ id: string }>(
        await db().execute(sql`select c.id from clinics c join clinic_services cs on cs.clinic_id = c.id
          where c.tenant_id = ${DEMO.tenants.acme.id} and c.is_active and cs.service_id = ${acme.services.nonDotUrine} order by c.id desc limit 1`),
      );
      await db().execute(sql`update clinic_services set price_cents = ${cap + 100} where clinic_id = ${id} and service_id = ${acme.services.nonDotUrine}`);
      const res = await post(orderBody({ location: { id: acme.locations.feeCapped }, settings: { schedule: { strategy: 'clinic', clinic: { id } } } }));
      const entry = expectError(res, 422, 'scheduleClinicExcludedByFeeCap', '/settings/schedule/clinic/id');
      expect(entry.meta).toEqual({ priceCents: cap + 100, feeCapCents: cap });
    });

    it('nearestClinic assigns the nearest active clinic offering the package', async () => {
      const body = withParticipant(
        { address: { line1: '1 Main St', city: 'Dallas', state: 'TX', postalCode: '75201', country: 'US' } },
        { settings: { schedule: { strategy: 'nearestClinic' } } },
      );
      const res = await post(body);
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      expect(res.body.clinic).not.toBeNull();
      expect(res.body.status).toBe('scheduled');
    });
  });

  describe('callback URL', () => {
    const previous = process.env.ALLOW_PRIVATE_CALLBACKS;
    beforeEach(() => {
      process.env.ALLOW_PRIVATE_CALLBACKS = 'false';
    });
    afterEach(() => {
      process.env.ALLOW_PRIVATE_CALLBACKS = previous;
    });
    it('400 invalidValue /callback/url for a private address when private callbacks are not allowed', async () => {
      expectError(await post(orderBody({ callback: { url: 'https://127.0.0.1/hook' } })), 400, 'invalidValue', '/callback/url');
      expectError(await post(orderBody({ callback: { url: 'https://169.254.169.254/latest' } })), 400, 'invalidValue', '/callback/url');
    });
    it('201 for a public https URL', async () => {
      expect((await post(orderBody({ callback: { url: 'https://hooks.example.com/orders' } }))).status).toBe(201);
    });
  });

  describe('order matching', () => {
    it('200 with matched when an equivalent open order exists', async () => {
      const body = orderBody();
      const first = await post(body);
      expect(first.status).toBe(201);
      const second = await post({ ...body, participant: { ...body.participant, firstName: 'PAT', email: body.participant.email.toUpperCase() } });
      expect(second.status).toBe(200);
      expect(second.headers.get('location')).toBeNull();
      expect(second.body.id).toBe(first.body.id);
      expect(second.body.matched).toEqual({ originalSource: 'api', score: 100 });
      expect(first.body).not.toHaveProperty('matched');
    });
    it('201 when orderMatching is disabled in the request', async () => {
      const body = orderBody();
      await post(body);
      const again = await post({ ...body, orderMatching: { enabled: false } });
      expect(again.status).toBe(201);
    });
    it('201 for another participant (different birth date)', async () => {
      const body = orderBody();
      await post(body);
      expect((await post({ ...body, participant: { ...body.participant, birthDate: '1991-01-15' } })).status).toBe(201);
    });
    it('201 once the matching order is cancelled', async () => {
      const body = orderBody();
      const first = await post(body);
      await call('PUT', `/api/v2/orders/${first.body.id}/cancellation`, { token: await token() });
      expect((await post(body)).status).toBe(201);
    });
  });

  describe('Idempotency-Key', () => {
    it('a repeat with the same key and body returns the first response', async () => {
      const t = await token();
      const key = `key-${Math.random()}`;
      const body = orderBody();
      const first = await post(body, { t, headers: { 'Idempotency-Key': key } });
      const second = await post(body, { t, headers: { 'Idempotency-Key': key } });
      expect(first.status).toBe(201);
      expect(second.status).toBe(201);
      expect(second.body).toEqual(first.body);
      expect(second.headers.get('location')).toBe(first.headers.get('location'));
      const count = rowsOf<{ n: number }>(await db().execute(sql`select count(*)::int as n from orders where participant_last_name = ${body.participant.lastName}`))[0];
      expect(count.n).toBe(1);
    });
    it('409 conflict for the same key with another body', async () => {
      const t = await token();
      const key = `key-${Math.random()}`;
      await post(orderBody(), { t, headers: { 'Idempotency-Key': key } });
      expectError(await post(orderBody(), { t, headers: { 'Idempotency-Key': key } }), 409, 'conflict');
    });
  });
});
