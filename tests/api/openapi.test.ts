/**
 * The served OpenAPI document describes every operation, and real responses of every operation
 * validate against it.
 */
import Ajv2020 from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import { beforeAll, describe, expect, it } from 'vitest';
import { operations } from '@/lib/api/operations';
import { call, get, token, type ApiResponse, withTestDatabase } from './harness';
import { createFixtures, operationEntries, sampleAuth, SAMPLES, type Fixtures } from './operation-samples';
import { orderBody } from './orders-fixtures';

withTestDatabase();

type Doc = { openapi: string; paths: Record<string, Record<string, { responses: Record<string, unknown>; operationId: string }>>; components: Record<string, unknown> };
let doc: Doc;
let ajv: Ajv2020;

beforeAll(async () => {
  const res = await call('GET', '/api/v2/openapi.json');
  expect(res.status).toBe(200);
  doc = res.body;
  ajv = new Ajv2020({ strict: false, allErrors: true });
  addFormats(ajv);
});

function resolveResponse(operationId: keyof typeof operations, status: number) {
  const op = operations[operationId];
  let response = doc.paths[op.path][op.method.toLowerCase()].responses[String(status)] as { $ref?: string; content?: { 'application/json': { schema: object } } };
  if (response.$ref) response = (doc.components.responses as Record<string, typeof response>)[response.$ref.split('/').pop()!];
  return response.content!['application/json'].schema;
}

function expectValid(operationId: keyof typeof operations, res: ApiResponse) {
  if (Buffer.isBuffer(res.body)) {
    // A file (a document's contents): its content type is one the document lists for the status.
    const op = operations[operationId];
    const served = doc.paths[op.path][op.method.toLowerCase()].responses[String(res.status)] as { content?: Record<string, unknown> };
    expect(Object.keys(served.content ?? {})).toContain(res.headers.get('content-type'));
    return;
  }
  const schema = resolveResponse(operationId, res.status);
  const validate = ajv.compile({ ...schema, components: doc.components });
  const valid = validate(res.body);
  expect(valid, `${operationId} ${res.status}: ${JSON.stringify(validate.errors?.slice(0, 3))}`).toBe(true);
}

describe('GET /api/v2/openapi.json', () => {
  it('is an OpenAPI 3.1 document with every operation of the table, its scope and the order.updated webhook', () => {
    expect(doc.openapi).toBe('3.1.0');
    for (const [id, op] of Object.entries(operations)) {
      const served = doc.paths[op.path]?.[op.method.toLowerCase()] as { operationId: string; 'x-scope'?: string } | undefined;
      expect(served?.operationId, id).toBe(id);
      expect(served?.['x-scope']).toBe(op.scope ?? undefined);
    }
    expect((doc as unknown as { webhooks: Record<string, unknown> }).webhooks['order.updated']).toBeDefined();
  });

  it('every route file method is declared in the operation table', async () => {
    const files = import.meta.glob('/app/api/v2/**/route.ts');
    const declared = new Set(Object.values(operations).map((op) => `${op.method} ${op.path}`));
    for (const file of Object.keys(files)) {
      if (file.includes('[...') || file.includes('openapi.json')) continue;
      const template = file.replace(/^\/app/, '').replace(/\/route\.ts$/, '').replace(/\[(\w+)\]/g, '{$1}');
      const concrete = template.replace(/\{\w+\}/g, 'x');
      for (const method of ['GET', 'POST', 'PUT', 'PATCH', 'DELETE']) {
        const res = await call(method, concrete);
        if (res.status !== 405) expect(declared, `${method} ${template} answers ${res.status} but is not in the table`).toContain(`${method} ${template}`);
        else expect(declared.has(`${method} ${template}`)).toBe(false);
      }
    }
  });
});

describe('real responses validate against the served document', () => {
  it.each(operationEntries())('%s: its sample request, and an error', async (id, op) => {
    const fixtures = await fixturesOnce();
    const t = await token();
    const sample = SAMPLES[id](fixtures);
    const res = await call(op.method, sample.path, { ...sampleAuth(sample, t), body: sample.body, query: sample.query });
    expect(res.status).toBeLessThan(300);
    expectValid(id, res);
    // An error answer in the envelope: 404 for a missing id, else 401 without a token.
    const failing = sample.missingPath
      ? await call(op.method, sample.missingPath, { token: t, body: sample.body })
      : await call(op.method, sample.path, { body: sample.body, query: sample.query });
    expect(failing.status).toBeGreaterThanOrEqual(400);
    expectValid(id, failing);
  });

  it('createOrder: a matched order (200) and a validation error (400)', async () => {
    const t = await token();
    const body = orderBody();
    const created = await call('POST', '/api/v2/orders', { token: t, body });
    const matched = await call('POST', '/api/v2/orders', { token: t, body });
    expect(matched.status).toBe(200);
    expect(matched.body.id).toBe(created.body.id);
    expectValid('createOrder', matched);
    expectValid('createOrder', await call('POST', '/api/v2/orders', { token: t, body: {} }));
    expectValid('listOrders', await get('/api/v2/orders', { token: t, query: { limit: 99 } }));
  });
});

let fixtures: Promise<Fixtures> | undefined;
const fixturesOnce = () => (fixtures ??= createFixtures());
