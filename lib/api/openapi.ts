/**
 * The OpenAPI 3.1 document, generated from the operation table and the zod schemas it names.
 */
import { z } from 'zod';
import { ROLE_SCOPES, SCOPES } from '@/lib/domain/scopes';
import { operations, type OperationSpec } from './operations';
import * as Representations from './representations';
import { ErrorEnvelope } from './representations';

type Json = Record<string, unknown>;

const ref = (id: string) => ({ $ref: `#/components/schemas/${id}` });

function strip(schema: Json): Json {
  const { $schema: _s, $id: _i, ...rest } = schema;
  return rest;
}

/** A registered schema by reference, anything else inline (with references to registered parts). */
function schemaOf(schema: z.ZodType, io: 'input' | 'output'): Json {
  const id = z.globalRegistry.get(schema)?.id;
  if (id) return ref(id);
  // Request schemas hold no registered parts, so nothing refers to the dropped $defs.
  const json = z.toJSONSchema(schema, { io, unrepresentable: 'any' }) as Json;
  delete json.$defs;
  return strip(json);
}

const ERROR_TEXT: Record<number, string> = {
  400: 'The request failed validation (one entry per problem, with `source.pointer`).',
  401: 'Bearer token missing, invalid, expired or revoked (`unauthenticated`).',
  403: 'The token lacks the required scope (`insufficientScope`).',
  404: 'Not found, or outside the token\'s access (existence is not revealed).',
  409: 'Idempotency-Key reused with another body (`conflict`).',
  413: 'Request body over its limit: 1 MiB, or 10 MiB for a document upload (`tooBig`).',
  422: 'Not allowed in the resource\'s current state, or a business rule refused it.',
  500: 'Unexpected error (`internalError`).',
};

function parameters(op: OperationSpec): Json[] {
  const pathParams = [...op.path.matchAll(/\{(\w+)\}/g)].map((m) => ({ name: m[1], in: 'path', required: true, schema: { type: 'string' } }));
  if (!op.query) return pathParams;
  const json = z.toJSONSchema(op.query, { io: 'input', unrepresentable: 'any' }) as { properties?: Record<string, Json>; required?: string[] };
  const query = Object.entries(json.properties ?? {}).map(([name, schema]) => ({
    name,
    in: 'query',
    required: json.required?.includes(name) && schema.default === undefined,
    ...(typeof schema.description === 'string' ? { description: schema.description } : {}),
    schema,
  }));
  return [...pathParams, ...query];
}

function operationObject(operationId: string, op: OperationSpec): Json {
  const responses: Json = {};
  for (const [status, r] of Object.entries(op.responses)) {
    responses[status] = {
      description: r.description,
      ...(r.headers ? { headers: Object.fromEntries(Object.entries(r.headers).map(([h, d]) => [h, { description: d, schema: { type: 'string' } }])) } : {}),
      ...(r.schema ? { content: { 'application/json': { schema: schemaOf(r.schema, 'output') } } } : {}),
      ...(r.files ? { content: Object.fromEntries(r.files.map((type) => [type, { schema: { type: 'string', contentMediaType: type } }])) } : {}),
    };
  }
  const errorStatuses = [...new Set([...(op.scope || op.caller ? [401, 403] : []), ...op.errors, 500])].sort();
  for (const status of errorStatuses) responses[status] = { $ref: `#/components/responses/E${status}` };
  return {
    operationId,
    tags: [op.tag],
    summary: op.summary,
    ...(op.description ? { description: op.description } : {}),
    ...(op.scope
      ? { security: [{ bearer: [] }], 'x-scope': op.scope, description: `${op.description ? `${op.description}\n\n` : ''}Scope: \`${op.scope}\`.` }
      : op.caller === 'user'
        ? { security: [{ session: [] }], 'x-caller': 'user' }
        : { security: [] }),
    parameters: parameters(op),
    ...(op.body
      ? { requestBody: { required: !op.bodyOptional, content: { 'application/json': { schema: schemaOf(op.body, 'input') } } } }
      : {}),
    ...(op.rawBody
      ? {
          requestBody: {
            required: true,
            description: `The file itself, at most ${op.rawBody.maxBytes} bytes.`,
            content: Object.fromEntries(op.rawBody.contentTypes.map((type) => [type, { schema: { type: 'string', contentMediaType: type } }])),
          },
        }
      : {}),
    responses,
  };
}

/**
 * The named schemas of this copy of the modules: the representations and the operations' own.
 * Not zod's global registry: it is shared by every bundle of the process, and the start-up hook's
 * bundle (instrumentation: the worker serializes orders) registers its own copies under the same ids.
 */
function componentRegistry() {
  const registry = z.registry<{ id: string }>();
  const add = (schema: unknown) => {
    const id = schema instanceof z.ZodType ? z.globalRegistry.get(schema)?.id : undefined;
    if (id && !registry.has(schema as z.ZodType)) registry.add(schema as z.ZodType, { id });
  };
  Object.values(Representations).forEach(add);
  for (const op of Object.values(operations) as OperationSpec[]) [op.query, op.body, ...Object.values(op.responses).map((r) => r.schema)].forEach(add);
  return registry;
}

export function buildOpenApiDocument(): Json {
  const components = z.toJSONSchema(componentRegistry(), { uri: (id) => `#/components/schemas/${id}`, unrepresentable: 'any' }) as { schemas: Record<string, Json> };
  const paths: Record<string, Json> = {};
  for (const [id, op] of Object.entries(operations) as Array<[string, OperationSpec]>) {
    paths[op.path] ??= {};
    paths[op.path][op.method.toLowerCase()] = operationObject(id, op);
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Drug-testing orders API',
      version: '2',
      description:
        'Create and follow drug and alcohol test orders, find collection-site clinics, and read reference data. ' +
        'Every request carries `Authorization: Bearer <API_TOKEN>`; all data is limited to the companies linked to the token. ' +
        'Errors use one envelope: `statusCode`, `error`, `errors[]` (`code`, `detail`, optional `meta` and `source.pointer`). ' +
        'Lists take `page` (1-10000) and `limit` (1-20) and answer `{data,total,page,limit}`.',
    },
    servers: [{ url: '/', description: 'This deployment (staging or production; tokens `dto_test_` or `dto_live_`).' }],
    tags: ['agencies', 'jobCategories', 'clinics', 'companies', 'locations', 'orders', 'packages', 'services', 'webhooks', 'documents', 'users', 'apiTokens', 'account'].map((name) => ({ name })),
    paths,
    webhooks: {
      'order.updated': {
        post: {
          summary: 'An order or one of its services changed status',
          description:
            'Sent to the `callback.url` given at creation, signed as Standard Webhooks define (`webhook-id`, `webhook-timestamp`, `webhook-signature`: `v1,` + base64 HMAC-SHA256 of `id.timestamp.body` with the tenant secret). ' +
            'Retried with backoff for about a day on non-2xx answers; `sequence` orders the events of one order. The payload never holds participant identifiers.',
          requestBody: { content: { 'application/json': { schema: ref('OrderUpdatedEvent') } } },
          responses: { '2XX': { description: 'Received.' } },
        },
      },
      'document.created': {
        post: {
          summary: 'A result document was added to an order',
          description:
            'Sent to the order\'s `callback.url` when a document (MRO letter, lab report, custody and control form, alcohol testing form) is uploaded or generated; ' +
            'signed and retried exactly like `order.updated`, and numbered in the same per-order `sequence`. Fetch the bytes from `data.document.contentUrl` with a token holding `document.read`.',
          requestBody: { content: { 'application/json': { schema: ref('DocumentCreatedEvent') } } },
          responses: { '2XX': { description: 'Received.' } },
        },
      },
    },
    components: {
      schemas: Object.fromEntries(Object.entries(components.schemas).map(([k, v]) => [k, strip(v)])),
      responses: Object.fromEntries(
        Object.entries(ERROR_TEXT).map(([status, description]) => [`E${status}`, { description, content: { 'application/json': { schema: schemaOf(ErrorEnvelope, 'output') } } }]),
      ),
      securitySchemes: {
        session: {
          type: 'apiKey',
          in: 'cookie',
          name: 'next-auth.session-token',
          description: 'The dashboard\'s session (signed in at /login; `__Secure-next-auth.session-token` over HTTPS), for a user\'s own settings. A state change must come from the dashboard\'s own origin.',
        },
        bearer: {
          type: 'http',
          scheme: 'bearer',
          description: `API token. Scopes: ${SCOPES.join(', ')}. Dashboard roles map to scopes: ${Object.entries(ROLE_SCOPES).map(([r, s]) => `${r} (${s.length})`).join(', ')}.`,
        },
      },
    },
  };
}
