/**
 * Random query strings and JSON bodies for every operation: wrong types, huge and empty strings,
 * unicode, deep nesting, `__proto__`/`constructor` keys, numbers at the limits. Never a 5xx, always
 * the spec's envelope for errors, and no data change when the answer is 4xx.
 * `npm test` runs a bounded, seeded set of cases; `npm run fuzz` runs many more, with new seeds.
 */
import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '@/lib/db/client';
import { DEMO } from '@/lib/seed';
import { call, db, driver, token, withTestDatabase } from './harness';
import { createFixtures, operationEntries, sampleAuth, SAMPLES, type Fixtures } from './operation-samples';

withTestDatabase();

const RUNS = Number(process.env.FUZZ_RUNS ?? 12);
// Inside `npm test` the cases are the same on every run (a fixed seed); `npm run fuzz` explores
// new ones each time (FUZZ_RANDOM=1) and prints the seed of any failure to replay it.
const SEED = process.env.FUZZ_RANDOM ? undefined : Number(process.env.FUZZ_SEED ?? 20261123);
let fixtures: Fixtures;
let bearer: string;
let requests = 0;

beforeAll(async () => {
  fixtures = await createFixtures();
  bearer = await token();
});
afterAll(() => console.log(`fuzz: ${operationEntries().length} operations, ${requests} requests (FUZZ_RUNS=${RUNS})`));

const nasty = fc.oneof(
  fc.string(),
  fc.string({ unit: 'grapheme', maxLength: 50 }),
  fc.constantFrom('', ' ', '0', '-1', '1e309', 'NaN', 'null', 'true', '%', '_', "'; drop table orders; --", '\u0000', '../..', '__proto__', 'x'.repeat(300)),
  fc.integer().map(String),
  fc.double().map(String),
  fc.constantFrom(String(Number.MAX_SAFE_INTEGER), String(2 ** 31), '10000', '10001', '20', '21'),
);

const PROTO_BODIES = [
  '{"__proto__": {"isAdmin": true}}',
  '{"constructor": {"prototype": {"x": 1}}}',
  '{"deliveryMethods": [{"type": "email", "__proto__": {"type": "none"}}]}',
  '[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]',
  `${'{"a":'.repeat(2000)}1${'}'.repeat(2000)}`,
  '{"participant": {"firstName": "\\ud800"}}',
  'null',
  '"string"',
  '12',
  '{',
];

/** A raw JSON body sent as the sample is (its token, or a user's session for a user's own setting). */
function jsonRequest(sample: ReturnType<(typeof SAMPLES)[keyof typeof SAMPLES]>, rawBody: string) {
  const auth = sampleAuth(sample, bearer);
  return { ...auth, rawBody, headers: { ...auth.headers, 'content-type': 'application/json' } };
}

/** Sets one randomly chosen member of a sample body to a random value. */
function mutate(body: unknown, pick: number, value: unknown): unknown {
  const paths: Array<Array<string | number>> = [];
  const walk = (node: unknown, path: Array<string | number>) => {
    paths.push(path);
    if (node && typeof node === 'object') for (const [k, v] of Object.entries(node)) walk(v, [...path, Array.isArray(node) ? Number(k) : k]);
  };
  walk(body, []);
  const target = paths[pick % paths.length];
  if (target.length === 0) return value;
  const copy = structuredClone(body) as Record<string | number, unknown>;
  let node = copy;
  for (const key of target.slice(0, -1)) node = node[key] as Record<string | number, unknown>;
  node[target.at(-1)!] = value;
  return copy;
}

async function counts() {
  const [row] = rowsOf<Record<string, number>>(
    await db().execute(sql`select
      (select count(*)::int from orders where tenant_id = ${DEMO.tenants.acme.id}) as orders,
      (select count(*)::int from audit_events where tenant_id = ${DEMO.tenants.acme.id}) as audits,
      (select count(*)::int from order_service_status_history) as history,
      (select count(*)::int from webhook_deliveries where tenant_id = ${DEMO.tenants.acme.id} and status = 'pending') as pending`),
  );
  return row;
}

function expectEnvelope(status: number, body: { statusCode: number; error: string; errors: Array<{ code: string; detail: string }> }) {
  expect(body.statusCode).toBe(status);
  expect(typeof body.error).toBe('string');
  expect(body.errors.length).toBeGreaterThan(0);
  for (const e of body.errors) {
    expect(typeof e.code).toBe('string');
    expect(typeof e.detail).toBe('string');
  }
}

describe.each(operationEntries())('%s', (id, op) => {
  it('random query strings never give a 5xx', async () => {
    const query = (op as { query?: unknown }).query as { shape?: object } | undefined;
    const knownKeys = query?.shape ? Object.keys(query.shape) : ['page'];
    await fc.assert(
      fc.asyncProperty(fc.dictionary(fc.oneof(fc.constantFrom(...knownKeys), fc.string({ maxLength: 20 })), nasty, { maxKeys: 5 }), async (query) => {
        const sample = SAMPLES[id](fixtures);
        const res = await call(op.method, sample.path, { ...sampleAuth(sample, bearer), query, body: sample.body });
        requests++;
        expect(res.status, JSON.stringify({ query, body: res.body })).toBeLessThan(500);
        if (res.status >= 400) expectEnvelope(res.status, res.body);
      }),
      { numRuns: RUNS, seed: SEED },
    );
  });

  const pathParams = [...op.path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]);
  if (pathParams.length) {
    it('random path ids (NUL, percent signs, unicode, huge) never give a 5xx', async () => {
      // Lone surrogates cannot be percent-encoded: a client cannot send them (the server answers
      // malformed encodings itself, tests/server).
      const pathValue = nasty.filter((value) => {
        try {
          encodeURIComponent(value);
          return value.length > 0;
        } catch {
          return false;
        }
      });
      await fc.assert(
        fc.asyncProperty(pathValue, fc.constantFrom(...pathParams), async (value, param) => {
          const sample = SAMPLES[id](fixtures);
          const path = op.path.replace(`{${param}}`, encodeURIComponent(value)).replace(/\{\w+\}/g, (m) => sampleParam(sample.path, op.path, m));
          const res = await call(op.method, path, { ...sampleAuth(sample, bearer), body: sample.body });
          requests++;
          expect(res.status, JSON.stringify({ value, body: res.body })).toBeLessThan(500);
          expectEnvelope(res.status, res.body);
        }),
        { numRuns: RUNS, seed: SEED },
      );
    });
  }

  if (op.method === 'GET') return;

  if ('body' in op && op.body) it('a body nested 10,000 deep is 400 badRequest, not a 5xx', async () => {
    const sample = SAMPLES[id](fixtures);
    for (const rawBody of [`${'['.repeat(10_000)}${']'.repeat(10_000)}`, `${'{"a":'.repeat(10_000)}1${'}'.repeat(10_000)}`]) {
      const res = await call(op.method, sample.path, jsonRequest(sample, rawBody));
      requests++;
      expect(res.status).toBe(400);
      expectEnvelope(400, res.body);
      expect(res.body.errors[0].code).toBe('badRequest');
    }
  });

  it('random and mutated JSON bodies never give a 5xx, and a 4xx changes nothing', async () => {
    const bodies = fc.oneof(
      fc.jsonValue({ maxDepth: 4 }).map((v) => JSON.stringify(v)),
      fc.tuple(fc.nat(), fc.oneof(fc.jsonValue({ maxDepth: 2 }), nasty)).map(([pick, value]) => JSON.stringify(mutate(SAMPLES[id](fixtures).body ?? {}, pick, value))),
      fc.constantFrom(...PROTO_BODIES),
    );
    await fc.assert(
      fc.asyncProperty(bodies, async (rawBody) => {
        const sample = SAMPLES[id](fixtures);
        const before = driver() === 'pglite' ? await counts() : null;
        const res = await call(op.method, sample.path, jsonRequest(sample, rawBody));
        requests++;
        expect(res.status, `${rawBody.slice(0, 300)} -> ${JSON.stringify(res.body).slice(0, 300)}`).toBeLessThan(500);
        if (res.status >= 400) {
          expectEnvelope(res.status, res.body);
          // With a private database (PGlite), nothing may have been written.
          if (before) expect(await counts()).toEqual(before);
        }
      }),
      { numRuns: RUNS * 2, seed: SEED },
    );
  });
});

/** The value a sample path has where the operation's path template has `{name}`. */
function sampleParam(samplePath: string, template: string, placeholder: string): string {
  const index = template.split('/').indexOf(placeholder);
  return samplePath.split('/')[index];
}

describe('request body size', () => {
  it('413 tooBig in the envelope for a body over 1 MiB, before parsing', async () => {
    const res = await call('POST', '/api/v2/orders', { token: bearer, rawBody: `{"x":"${'a'.repeat(1024 * 1024)}"}`, headers: { 'content-type': 'application/json' } });
    expect(res.status).toBe(413);
    expectEnvelope(413, res.body);
    expect(res.body.errors[0].code).toBe('tooBig');
  });
});
