/**
 * The event catalog (DESIGN.md 7.6): GET /api/v2/event-types lists every type the product sends,
 * with the JSON Schema of its payload and an example that the schema accepts, and the OpenAPI
 * document's `webhooks` section names the same types.
 */
import Ajv2020 from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import { describe, expect, it } from 'vitest';
import { EVENT_TYPES } from '@/lib/domain/events/catalog';
import { call, expectError, get, token, withTestDatabase } from './harness';

withTestDatabase();

type Listed = { object: string; type: string; summary: string; description: string; schema: object; example: Record<string, unknown> };

describe('GET /api/v2/event-types', () => {
  it('200: every type the product sends, by name, each with its description, payload schema and example', async () => {
    const res = await get('/api/v2/event-types', { token: await token({ scopes: ['webhook.read'] }), query: { limit: 20 } });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ total: 12, page: 1 });
    const data = res.body.data as Listed[];
    expect(data.map((t) => t.type)).toEqual(['action.created', 'action.resolved', 'document.created', 'followUpTest.due', 'message.failed', 'order.cancelled', 'order.completed', 'order.created', 'order.expired', 'order.updated', 'randomDraw.created', 'randomSelection.updated']);
    for (const t of data) {
      expect(t.object).toBe('eventType');
      expect(t.summary.length).toBeGreaterThan(10);
      expect(t.description).toContain('Standard Webhooks');
      expect(t.example.type).toBe(t.type);
    }
  });

  it('each example is valid against the JSON Schema served with it, and against the payload schema the deliveries are built with', async () => {
    const res = await get('/api/v2/event-types', { token: await token({ scopes: ['webhook.read'] }) });
    const ajv = new Ajv2020({ strict: false, allErrors: true });
    addFormats(ajv);
    for (const t of res.body.data as Listed[]) {
      const validate = ajv.compile(t.schema);
      expect(validate(t.example), `${t.type}: ${ajv.errorsText(validate.errors)}`).toBe(true);
      // A payload of the other type is refused: the schema says something.
      const other = (res.body.data as Listed[]).find((o) => o.type !== t.type)!;
      expect(validate(other.example)).toBe(false);
      expect(EVENT_TYPES.find((d) => d.type === t.type)!.schema.safeParse(t.example).success).toBe(true);
    }
  });

  it('examples carry no participant identifiers', async () => {
    const res = await get('/api/v2/event-types', { token: await token({ scopes: ['webhook.read'] }) });
    const examples = (res.body.data as Listed[]).map((t) => t.example);
    expect(JSON.stringify(examples)).not.toContain('"identifiers"');
    expect(JSON.stringify(examples)).toContain('"participant"');
    // message.failed names the message, never where it went.
    const failed = JSON.stringify(examples.find((e) => e.type === 'message.failed'));
    expect(failed).not.toMatch(/@|\+1\d{10}|"to"/);
  });

  it('the order events say when they come, and that an endpoint with `*` also gets the order.updated of the same change', async () => {
    const res = await get('/api/v2/event-types', { token: await token({ scopes: ['webhook.read'] }) });
    const byType = new Map((res.body.data as Listed[]).map((t) => [t.type, t]));
    expect(byType.get('order.completed')!.description).toContain('`isFinal` turns true');
    for (const type of ['order.completed', 'order.cancelled', 'order.expired']) expect(byType.get(type)!.description).toContain('`order.updated` event of the same change');
    for (const type of ['order.created', 'order.completed', 'order.cancelled', 'order.expired', 'message.failed']) expect(byType.get(type)!.description).not.toContain('Sent to the `callback.url`');
    expect(byType.get('order.created')!.example).toMatchObject({ sequence: 0, data: { order: { status: 'ordered', isFinal: false } } });
    expect(byType.get('order.cancelled')!.example).toMatchObject({ data: { order: { status: 'cancelled', isFinal: false } } });
    expect(byType.get('order.expired')!.example).toMatchObject({ data: { order: { status: 'expired', isFinal: false } } });
    expect(byType.get('order.completed')!.example).toMatchObject({ data: { order: { isFinal: true } } });
  });

  it('pages: limit=1 page=2 gives the second type; limit 21 is 400 tooBig at /limit', async () => {
    const t = await token({ scopes: ['webhook.read'] });
    const second = await get('/api/v2/event-types', { token: t, query: { limit: 1, page: 2 } });
    expect(second.body).toMatchObject({ total: 12, page: 2, limit: 1 });
    expect((second.body.data as Listed[]).map((e) => e.type)).toEqual(['action.resolved']);
    expectError(await get('/api/v2/event-types', { token: t, query: { limit: 21 } }), 400, 'tooBig', '/limit');
  });

  it('401 without a token; 403 insufficientScope without webhook.read', async () => {
    expectError(await get('/api/v2/event-types'), 401, 'unauthenticated');
    expectError(await get('/api/v2/event-types', { token: await token({ scopes: ['order.list'] }) }), 403, 'insufficientScope');
  });
});

describe('the OpenAPI document\'s webhooks section', () => {
  it('names the catalog\'s types, each with its payload schema among the components and its example', async () => {
    const doc = (await call('GET', '/api/v2/openapi.json')).body as {
      webhooks: Record<string, { post: { operationId: string; requestBody: { content: { 'application/json': { schema: { $ref: string }; example: unknown } } } } }>;
      components: { schemas: Record<string, unknown> };
    };
    expect(Object.keys(doc.webhooks).sort()).toEqual(EVENT_TYPES.map((d) => d.type).sort());
    for (const def of EVENT_TYPES) {
      const body = doc.webhooks[def.type].post.requestBody.content['application/json'];
      expect(doc.components.schemas[body.schema.$ref.split('/').pop()!]).toBeDefined();
      expect(body.example).toEqual(def.example);
      expect(doc.webhooks[def.type].post.operationId).toBe(`event.${def.type}`);
    }
  });
});
