/**
 * The OpenAPI 3.1 document, generated from the operation table and the zod schemas it names.
 */
import { z } from 'zod';
import { EVENT_TYPES, type EventTypeDefinition } from '@/lib/domain/events/catalog';
import { ROLE_SCOPES, SCOPES } from '@/lib/domain/scopes';
import { operations, type OperationSpec } from './operations';
import * as Representations from './representations';
import { ErrorEnvelope } from './representations';

type Json = Record<string, unknown>;

const ref = (id: string) => ({ $ref: `#/components/schemas/${id}` });

/** The component id of an event type's payload schema (its `.meta({ id })`). */
function eventSchemaId(def: EventTypeDefinition): string {
  const id = z.globalRegistry.get(def.schema)?.id;
  if (!id) throw new Error(`The payload schema of ${def.type} has no id (.meta({ id }))`);
  return id;
}

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
  503: 'A store the request needs cannot be reached now (`serviceUnavailable`); try again after Retry-After.',
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
      // JSON, files, or both (an operation whose `format` chooses).
      ...(r.schema || r.files
        ? {
            content: {
              ...(r.schema ? { 'application/json': { schema: schemaOf(r.schema, 'output') } } : {}),
              ...Object.fromEntries((r.files ?? []).map((type) => [type, { schema: { type: 'string', contentMediaType: type } }])),
            },
          }
        : {}),
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
  for (const def of EVENT_TYPES) add(def.schema);
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
    tags: ['agencies', 'jobCategories', 'clinics', 'companies', 'locations', 'orders', 'packages', 'services', 'webhooks', 'documents', 'users', 'apiTokens', 'account', 'sandbox', 'employees', 'random', 'followUpPlans', 'actions', 'reports'].map((name) => ({ name })),
    paths,
    // The event catalog, the same as GET /api/v2/event-types lists (lib/domain/events/catalog.ts).
    webhooks: Object.fromEntries(
      EVENT_TYPES.map((def) => [
        def.type,
        {
          post: {
            operationId: `event.${def.type}`,
            tags: ['webhooks'],
            summary: def.summary,
            description: def.description,
            // The receiver checks the sender: the Standard Webhooks signature of each delivery.
            security: [{ webhookSignature: [] }],
            requestBody: { required: true, content: { 'application/json': { schema: ref(eventSchemaId(def)), example: def.example } } },
            responses: {
              '2XX': { description: 'Received: the delivery is done.' },
              default: { description: 'Anything else (or no answer within 10 seconds) is a failed attempt, retried with backoff for about a day.' },
            },
          },
        },
      ]),
    ),
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
        webhookSignature: {
          type: 'apiKey',
          in: 'header',
          name: 'webhook-signature',
          description:
            'How a receiver of the `webhooks` knows the sender: Standard Webhooks signatures. `webhook-signature` holds `v1,` + base64 HMAC-SHA256 of ' +
            '`{webhook-id}.{webhook-timestamp}.{body}` with the endpoint\'s `whsec_` secret (two, space-separated, for 24 hours after a rotation). The Standard Webhooks libraries verify it and refuse a timestamp more than 5 minutes off.',
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
