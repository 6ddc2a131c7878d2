/**
 * Result details (DESIGN.md 7.5): `result` on the service event with a terminal status, checked
 * against the table of what each status takes (400 at the member's pointer), in the Order's
 * services (null until given) and its stored document; the employer's cancellation; the sandbox's
 * variety.
 */
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { rowsOf } from '@/lib/db/client';
import { Order, type Order as OrderT } from '@/lib/domain/contract/representation';
import { DEMO } from '@/lib/seed';
import { runSandboxTick } from '@/lib/sandbox/simulator';
import { call, db, expectError, get, token, withTestDatabase } from './harness';
import { createOrder, orderBody } from './orders-fixtures';

withTestDatabase();

/** A DOT drug (services[0], urine) and breath alcohol (services[1]) order. */
const drugAndAlcohol = (extra: Record<string, unknown> = {}) =>
  orderBody({ package: { id: DEMO.acme.packages.dotWithAlcohol }, agency: { id: DEMO.agencies.FMCSA }, ...extra });

const event = async (orderId: string, serviceId: string, body: unknown) =>
  call('POST', `/api/v2/orders/${orderId}/services/${serviceId}/events`, { token: await token(), body });

const EMPTY = { positiveFor: [], alcohol: null, refusal: null, cancellation: null, dilute: false, recollection: null };

describe('POST /api/v2/orders/{id}/services/{serviceId}/events with result', () => {
  describe('400: the result is checked against its status and its kind of test', () => {
    const DRUG: Array<[string, Record<string, unknown>, string, string]> = [
      ['a negative has no positiveFor', { status: 'negative', result: { positiveFor: ['marijuana'] } }, 'invalidValue', '/result/positiveFor'],
      ["a verified positive names its drugs", { status: 'nonNegative', result: {} }, 'required', '/result/positiveFor'],
      ['a drug not on the panel', { status: 'nonNegative', result: { positiveFor: ['heroin'] } }, 'invalidValue', '/result/positiveFor/0'],
      ['a drug given twice', { status: 'nonNegative', result: { positiveFor: ['marijuana', 'marijuana'] } }, 'invalidValue', '/result/positiveFor/1'],
      ['an alcohol reading on a drug test', { status: 'nonNegative', result: { positiveFor: ['cocaine'], alcohol: { screening: 0.05 } } }, 'invalidValue', '/result/alcohol'],
      ['a refusal with a negative', { status: 'negative', result: { refusal: { kind: 'other' } } }, 'invalidValue', '/result/refusal'],
      ['an adulterated specimen is not a shy bladder', { status: 'adulterated_failTC', result: { refusal: { kind: 'shyBladder' } } }, 'invalidValue', '/result/refusal/kind'],
      ['an adulterated specimen says its kind', { status: 'adulterated_failTC', result: {} }, 'required', '/result/refusal'],
      ["a shy lung is not a drug test's", { status: 'incomplete_refusalToTest', result: { refusal: { kind: 'shyLung' } } }, 'invalidValue', '/result/refusal/kind'],
      ['a result with an open status', { status: 'pending_atTheLab', result: {} }, 'invalidValue', '/result'],
      ['a cancelled test gives its cancellation', { status: 'cancelled', result: {} }, 'required', '/result/cancellation'],
      ["the employer's cancellation is the order's", { status: 'cancelled', result: { cancellation: { by: 'employer', reason: 'No longer needed' } } }, 'invalidValue', '/result/cancellation/by'],
      ['an observed recollection with a plain negative', { status: 'negative', result: { recollection: 'observed' } }, 'invalidValue', '/result/recollection'],
      ['a negative-dilute that is not dilute', { status: 'negative_negativeDilute', result: { dilute: false } }, 'invalidValue', '/result/dilute'],
      ['a refusal and a cancellation together', { status: 'incomplete_shyBladder', result: { refusal: { kind: 'shyBladder' }, cancellation: { by: 'mro', reason: 'Medical explanation' } } }, 'invalidValue', '/result/cancellation'],
      ['an unknown member', { status: 'negative', result: { creatinine: 3 } }, 'unrecognizedKeys', '/result/creatinine'],
    ];
    const ALCOHOL: Array<[string, Record<string, unknown>, string, string]> = [
      ['a negative reads below 0.02', { status: 'negative', result: { alcohol: { screening: 0.05 } } }, 'invalidValue', '/result/alcohol'],
      ['a confirmation follows a screening of 0.02 or more', { status: 'negative', result: { alcohol: { screening: 0.01, confirmation: 0.01 } } }, 'invalidValue', '/result/alcohol/confirmation'],
      ['a non-negative alcohol test gives its readings', { status: 'nonNegative', result: {} }, 'required', '/result/alcohol'],
      ['a non-negative reads 0.02 or more', { status: 'nonNegative', result: { alcohol: { screening: 0.03, confirmation: 0.015 } } }, 'invalidValue', '/result/alcohol'],
      ['no drugs on an alcohol test', { status: 'nonNegative', result: { positiveFor: ['cocaine'], alcohol: { screening: 0.05, confirmation: 0.05 } } }, 'invalidValue', '/result/positiveFor'],
      ['no dilute on an alcohol test', { status: 'negative', result: { dilute: true } }, 'invalidValue', '/result/dilute'],
      ['a reading above 1', { status: 'nonNegative', result: { alcohol: { screening: 4 } } }, 'tooBig', '/result/alcohol/screening'],
    ];

    it.each(DRUG)('drug test: %s', async (_name, body, code, pointer) => {
      const order = await createOrder(drugAndAlcohol());
      expectError(await event(order.id, order.services[0].id, body), 400, code, pointer);
      const after = (await get(`/api/v2/orders/${order.id}`, { token: await token() })).body;
      expect(after.services[0]).toMatchObject({ status: 'ordered', result: null });
    });

    it.each(ALCOHOL)('alcohol test: %s', async (_name, body, code, pointer) => {
      const order = await createOrder(drugAndAlcohol());
      expectError(await event(order.id, order.services[1].id, body), 400, code, pointer);
    });

    it('a service that is neither a drug nor an alcohol test takes no details', async () => {
      const order = await createOrder(orderBody({ package: { id: DEMO.acme.packages.drugAndBackground } }));
      const background = order.services.find((s) => s.attributes?.category === 'background')!;
      expectError(await event(order.id, background.id, { status: 'complete_clear', result: { refusal: { kind: 'other' } } }), 400, 'invalidValue', '/result');
    });
  });

  describe('200: stored, in the Order and its stored document', () => {
    it('null until given; a verified positive names its drugs, the other service stays null', async () => {
      const order = await createOrder(drugAndAlcohol());
      expect(order.services.map((s: { result: unknown }) => s.result)).toEqual([null, null]);
      const res = await event(order.id, order.services[0].id, { status: 'nonNegative', result: { positiveFor: ['marijuana', 'cocaine'] } });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      Order.parse(res.body);
      expect(res.body.services[0].result).toEqual({ ...EMPTY, positiveFor: ['marijuana', 'cocaine'] });
      expect(res.body.services[1].result).toBeNull();
      const [stored] = rowsOf<{ result: unknown; document_result: unknown }>(
        await db().execute(sql`select s.result, o.document->'services'->0->'result' as document_result from order_services s join orders o on o.id = s.order_id where s.id = ${order.services[0].id}`),
      );
      expect(stored.result).toEqual({ ...EMPTY, positiveFor: ['marijuana', 'cocaine'] });
      expect(stored.document_result).toEqual(stored.result);
      const audit = rowsOf<{ data: { result?: unknown } }>(await db().execute(sql`select data from audit_events where order_id = ${order.id} and action = 'order.service.updated'`));
      expect(audit[0].data.result).toEqual(stored.result);
    });

    it('an alcohol confirmation of 0.041; the order is final with both results', async () => {
      const order = await createOrder(drugAndAlcohol());
      await event(order.id, order.services[0].id, { status: 'negative', result: {} });
      const res = await event(order.id, order.services[1].id, { status: 'nonNegative', result: { alcohol: { screening: 0.045, confirmation: 0.041 } } });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body).toMatchObject({ status: 'nonNegative', isFinal: true });
      expect(res.body.services.map((s: { result: unknown }) => s.result)).toEqual([EMPTY, { ...EMPTY, alcohol: { screening: 0.045, confirmation: 0.041 } }]);
    });

    it('a negative-dilute is dilute unless told otherwise, and may direct an observed recollection', async () => {
      const order = await createOrder(drugAndAlcohol());
      const res = await event(order.id, order.services[0].id, { status: 'negative_negativeDilute', result: { recollection: 'observed' } });
      expect(res.body.services[0].result).toEqual({ ...EMPTY, dilute: true, recollection: 'observed' });
    });

    it('refusals of each kind, and the MRO\'s cancellation with its reason', async () => {
      const order = await createOrder(drugAndAlcohol());
      const drug = await event(order.id, order.services[0].id, { status: 'adulterated_failTC', result: { refusal: { kind: 'substituted' } } });
      expect(drug.body.services[0].result).toEqual({ ...EMPTY, refusal: { kind: 'substituted' } });
      const alcohol = await event(order.id, order.services[1].id, { status: 'incomplete_refusalToTest', result: { refusal: { kind: 'shyLung' } } });
      expect(alcohol.body.services[1].result).toEqual({ ...EMPTY, refusal: { kind: 'shyLung' } });

      const other = await createOrder(drugAndAlcohol());
      const cancelled = await event(other.id, other.services[0].id, { status: 'cancelled', result: { cancellation: { by: 'mro', reason: 'Split specimen failed to reconfirm' }, recollection: 'observed' } });
      expect(cancelled.body.services[0].result).toEqual({ ...EMPTY, cancellation: { by: 'mro', reason: 'Split specimen failed to reconfirm' }, recollection: 'observed' });
    });

    it('without result the service keeps null (the event works as before)', async () => {
      const order = await createOrder(drugAndAlcohol());
      const res = await event(order.id, order.services[0].id, { status: 'negative' });
      expect(res.body.services[0]).toMatchObject({ status: 'negative', result: null });
    });
  });
});

describe('PUT /api/v2/orders/{id}/cancellation records the employer\'s cancellation', () => {
  it('its drug and alcohol tests get cancellation by the employer with the reason (null without one)', async () => {
    const order = await createOrder(drugAndAlcohol());
    const res = await call('PUT', `/api/v2/orders/${order.id}/cancellation`, { token: await token(), body: { reason: 'Candidate withdrew' } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.services.map((s: { result: unknown }) => s.result)).toEqual([
      { ...EMPTY, cancellation: { by: 'employer', reason: 'Candidate withdrew' } },
      { ...EMPTY, cancellation: { by: 'employer', reason: 'Candidate withdrew' } },
    ]);
    const silent = await createOrder(drugAndAlcohol());
    const again = await call('PUT', `/api/v2/orders/${silent.id}/cancellation`, { token: await token(), body: {} });
    expect(again.body.services[0].result).toEqual({ ...EMPTY, cancellation: { by: 'employer', reason: null } });
  });
});

describe('the sandbox fills result details', () => {
  const STEP_SECONDS = 1;
  async function simulate(orderIds: string[]) {
    let t = Date.now();
    for (let tick = 0; tick < 20; tick++) {
      t += STEP_SECONDS * 1000 + 100;
      const result = await runSandboxTick({ db: db(), now: () => new Date(t), stepSeconds: STEP_SECONDS, orderIds });
      expect(result.errors).toEqual([]);
      if (result.advanced === 0) break;
    }
  }

  it('positives for a drug, alcohol readings, dilute negatives, refusal kinds, a lost specimen cancelled by the MRO', async () => {
    const names = ['Positive', 'Alcohol', 'Dilute', 'Refusal', 'Adulterated', 'Lost', 'Smith'];
    const orders = await Promise.all(names.map((n) => createOrder(drugAndAlcohol({ participant: { ...orderBody().participant, lastName: `${n}${Math.random().toString(36).slice(2, 6)}` } }))));
    await simulate(orders.map((o) => o.id));
    const t = await token();
    const final = Object.fromEntries(await Promise.all(orders.map(async (o, i) => [names[i], (await get(`/api/v2/orders/${o.id}`, { token: t })).body] as const)));
    const results = (name: string) => (final[name] as OrderT).services.map((s) => s.result!);

    const [positive] = results('Positive');
    expect(final.Positive.services[0].status).toBe('nonNegative');
    expect(positive.positiveFor.length).toBeGreaterThan(0);
    const [, alcohol] = results('Alcohol');
    expect(final.Alcohol.services[1].status).toBe('nonNegative');
    expect(alcohol.alcohol!.confirmation).toBeGreaterThanOrEqual(0.02);
    expect(alcohol.alcohol!.screening).toBeGreaterThanOrEqual(alcohol.alcohol!.confirmation!);
    const [dilute] = results('Dilute');
    expect(dilute).toMatchObject({ dilute: true, positiveFor: [] });
    const [drugRefusal, alcoholRefusal] = results('Refusal');
    expect(['other', 'shyBladder']).toContain(drugRefusal.refusal!.kind);
    expect(['other', 'shyLung']).toContain(alcoholRefusal.refusal!.kind);
    const [adulterated] = results('Adulterated');
    expect(['adulterated', 'substituted']).toContain(adulterated.refusal!.kind);
    const [lost] = results('Lost');
    expect(lost.cancellation).toEqual({ by: 'mro', reason: expect.stringContaining('lost in transit') });
    const [negative, negativeAlcohol] = results('Smith');
    expect(negative).toEqual(EMPTY);
    expect(negativeAlcohol.alcohol!.screening).toBeLessThan(0.02);
    for (const o of Object.values(final)) Order.parse(o);
  });
});
