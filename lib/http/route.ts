/**
 * The one wrapper every `/api/v2` route goes through. A route file declares, per method, the scope,
 * the zod schemas of its query and body, and a handler that returns a domain value. The wrapper does
 * authentication, the scope check, parsing, `Idempotency-Key` replays, the error envelope, status
 * codes, headers and JSON.
 */
import { z } from 'zod';
import type { Scope } from '@/lib/domain/scopes';
import { principalForSession, requestSessionClaims } from '@/lib/auth/session';
import { authenticateToken, hasTokenShape } from '@/lib/domain/api-tokens/tokens';
import { getDb } from '@/lib/app-db';
import { makeCtx, type Ctx, type Principal } from '@/lib/domain/context';
import { DomainError, type ErrorEntry } from '@/lib/domain/errors';
import { newRequestId } from './request-id';
import { recordRequest } from '@/lib/observability/metrics';
import { describeError, describeErrorBriefly, log } from '@/lib/log';
import { entriesFromZod, envelope, errorHeaders, InvalidRequest, statusOfError, toPointer, unavailableError } from './errors';
import { clientAddress } from './client-address';
import { consume, limits, type RateLimitResult } from '@/lib/rate-limit';
import { withIdempotency, type StoredResponse } from './idempotency';
import { rateLimitHeaders } from './rate-limit-headers';
import { readBodyUpTo, readTextUpTo } from './body';
import { hasSameOrigin } from './same-origin';

export const MAX_BODY_BYTES = 1024 * 1024;

type Params = Record<string, string>;
type NextContext = { params: Promise<Params> };
export type RouteHandler = (request: Request, context: NextContext) => Promise<Response>;

/** Success statuses of an operation table entry, each with the schema of its body (or files). */
type Responses = Record<number, { schema?: z.ZodType; files?: readonly string[] }>;

/**
 * What a handler may return, by its operation's declared responses: the output of a success schema
 * (tsc checks the domain value against the schema the OpenAPI document shows), a Response of its
 * own for an operation that answers files, or, for a create operation, the value holding the
 * resource under `created` with `matched`.
 */
type HandlerValue<R extends Responses, Created extends string | undefined> = Created extends string
  ? { [K in Created]: SuccessBody<R> } & { matched?: unknown }
  : SuccessBody<R> | (FileResponse<R> extends true ? Response : never);
type SuccessBody<R extends Responses> = { [S in keyof R]: R[S] extends { schema: infer T extends z.ZodType } ? z.output<T> : never }[keyof R];
type FileResponse<R extends Responses> = true extends { [S in keyof R]: R[S] extends { files: readonly string[] } ? true : false }[keyof R] ? true : false;

export interface Operation<Q extends z.ZodType, B extends z.ZodType, R extends Responses = Responses, Created extends string | undefined = undefined> {
  /** Scope the principal needs; `null` for a public operation (no token), unless `caller` says who may call it. */
  scope: Scope | null;
  /**
   * `user`: a user's own setting. The caller must be a dashboard user (the session cookie, any role):
   * 401 without one, 403 `insufficientScope` for an API token, which is no user.
   */
  caller?: 'user';
  query?: Q;
  body?: B;
  /** An absent or empty body is parsed as `{}` (e.g. the cancellation body). */
  bodyOptional?: boolean;
  /** The path pattern of the operation table entry (spread in by the route file): the `operation` label of the request metrics. */
  path?: string;
  /** `Idempotency-Key` replays the first response (lib/http/idempotency.ts). */
  idempotent?: boolean;
  /**
   * The body is a file's raw bytes, not JSON (a document upload): of one of `contentTypes`, at most
   * `maxBytes` (413 `tooBig`), read with the same bounded streaming as JSON bodies. The handler gets it as `raw`.
   */
  rawBody?: { maxBytes: number; contentTypes: readonly string[] };
  /**
   * The handler's value holds the resource under this member, and `matched`: 201 with a `Location`
   * header for a new resource (`matched` null), 200 with `matched` for an equivalent existing one.
   * Without it, the value is the 200 body.
   */
  created?: Created;
  /** The success statuses and schemas (spread in from the operation table). */
  responses?: R;
  handler(args: {
    ctx: Ctx;
    params: Params;
    query: z.output<Q>;
    body: z.output<B>;
    /** The body of a `rawBody` operation. */
    raw: RawBody | undefined;
    request: Request;
  }): Promise<HandlerValue<R, Created>>;
}

export interface RawBody {
  bytes: Uint8Array;
  /** The Content-Type header's media type, lower-case, without parameters. */
  contentType: string;
}

function json(status: number, body: unknown, headers: Record<string, string> = {}): Response {
  return new Response(status === 204 ? null : JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store', ...headers },
  });
}

export function errorResponse(status: number, entries: ErrorEntry[], headers: Record<string, string> = {}): Response {
  return json(status, envelope(status, entries), headers);
}

const unauthenticated = (detail: string) => new DomainError('unauthenticated', detail);

async function authenticate(request: Request): Promise<Principal> {
  const header = request.headers.get('authorization');
  if (header === null) {
    const fromSession = await principalFromSession(request);
    if (fromSession) return fromSession;
    throw unauthenticated('The Authorization header is missing. Send "Authorization: Bearer <API_TOKEN>".');
  }
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  if (!match) throw unauthenticated('The Authorization header must have the form "Bearer <API_TOKEN>".');
  // A string that is no token of ours is refused without the database: 401 even in an outage.
  if (!hasTokenShape(match[1])) throw unauthenticated('The bearer token is invalid, expired or revoked.');
  const principal = await authenticateToken(await getDb(), match[1]);
  if (!principal) throw unauthenticated('The bearer token is invalid, expired or revoked.');
  return principal;
}

/**
 * The dashboard calls the same operations with its session cookie. A cookie is sent by the browser
 * on its own, so a state-changing request must also come from our own origin (CSRF protection).
 */
async function principalFromSession(request: Request): Promise<Principal | null> {
  const session = await requestSessionClaims(request);
  if (!session) return null;
  if (!['GET', 'HEAD'].includes(request.method)) {
    if (!hasSameOrigin(request.headers))
      throw new DomainError('invalidOrigin', 'A request signed in with a session cookie must come from the dashboard itself (Origin check).');
  }
  return principalForSession(await getDb(), session);
}

/** Deeper JSON than any request schema needs; deeper bodies are refused before validation. */
export const MAX_BODY_DEPTH = 32;

async function readJsonBody(request: Request, optional: boolean): Promise<unknown> {
  const text = await readTextUpTo(request, MAX_BODY_BYTES);
  if (text.trim() === '') {
    if (optional) return {};
    throw new InvalidRequest([{ code: 'required', detail: 'A JSON request body is required.', pointer: '' }]);
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new InvalidRequest([{ code: 'badRequest', detail: 'The request body is not valid JSON.' }]);
  }
  if (depthExceeds(value, MAX_BODY_DEPTH))
    throw new InvalidRequest([{ code: 'badRequest', detail: `The request body nests objects or arrays deeper than ${MAX_BODY_DEPTH} levels.` }]);
  return value;
}

/** The raw body of a `rawBody` operation: its media type checked first, then at most `maxBytes` read. */
async function readRawBody(request: Request, spec: NonNullable<Operation<z.ZodType, z.ZodType>['rawBody']>): Promise<RawBody> {
  const contentType = (request.headers.get('content-type') ?? '').split(';')[0].trim().toLowerCase();
  if (!spec.contentTypes.includes(contentType))
    throw new InvalidRequest([
      { code: 'invalidValue', detail: `The Content-Type header must be one of ${spec.contentTypes.join(', ')}; the body is the file itself.`, meta: { header: 'Content-Type' } },
    ]);
  return { bytes: await readBodyUpTo(request, spec.maxBytes), contentType };
}

/** Iterative, so that a hostile depth cannot overflow the stack here. */
function depthExceeds(root: unknown, max: number): boolean {
  const stack: Array<[unknown, number]> = [[root, 0]];
  while (stack.length) {
    const [value, depth] = stack.pop()!;
    if (value === null || typeof value !== 'object') continue;
    if (depth >= max) return true;
    for (const item of Object.values(value)) if (item !== null && typeof item === 'object') stack.push([item, depth + 1]);
  }
  return false;
}

function queryObject(url: URL): Record<string, string> {
  const query: Record<string, string> = {};
  for (const [key, value] of url.searchParams) query[key] = value;
  return query;
}

/** JSON pointers of strings (values or keys) holding a NUL character, which PostgreSQL text cannot store. */
function nulPointers(value: unknown, path: string[] = [], found: string[] = []): string[] {
  if (found.length >= 10) return found;
  if (typeof value === 'string') {
    if (value.includes('\u0000')) found.push(toPointer(path));
  } else if (value && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      if (key.includes('\u0000')) found.push(toPointer([...path, key]));
      else nulPointers(item, [...path, key], found);
    }
  }
  return found;
}

function parse<S extends z.ZodType>(schema: S, input: unknown, where: 'body' | 'query'): z.output<S> {
  const nul = nulPointers(input);
  if (nul.length) throw invalid(nul.map((pointer) => ({ code: 'invalidValue', detail: `${where === 'query' ? 'Query parameter' : 'Member'} ${pointer} must not contain the NUL character (\\u0000).`, pointer })));
  const result = schema.safeParse(input, { reportInput: true });
  if (!result.success) throw invalid(entriesFromZod(result.error, where));
  return result.data;
}

const invalid = (entries: ErrorEntry[]) => new InvalidRequest(entries as [ErrorEntry, ...ErrorEntry[]]);

/** A query parsed as an operation's is (NUL refused, zod entries), for routes outside `operation()`: throws the 400. */
export function parseQuery<S extends z.ZodType>(schema: S, query: Record<string, string>): z.output<S> {
  return parse(schema, query, 'query');
}

/**
 * The envelope response of any error: a domain error with the status and headers of its code
 * (lib/http/errors.ts), anything else the logged 500. Routes outside `operation()` (the CSV export)
 * answer their errors through it too.
 */
export function toErrorResponse(error: unknown, requestId: string): Response {
  if (error instanceof DomainError) {
    return errorResponse(statusOfError(error), error.entries, { ...errorHeaders(error), 'X-Request-Id': requestId });
  }
  const unavailable = unavailableError(error);
  if (unavailable) {
    log('warn', 'database unavailable', { requestId, error: describeErrorBriefly(error) });
    return toErrorResponse(unavailable, requestId);
  }
  log('error', 'unhandled error', { requestId, error: describeError(error) });
  return errorResponse(500, [{ code: 'internalError', detail: `An unexpected error occurred. Quote request id ${requestId} when reporting it.` }], {
    'X-Request-Id': requestId,
  });
}

/** Builds the Next.js handler of one operation. */
export function operation<Q extends z.ZodType = z.ZodType, B extends z.ZodType = z.ZodType, R extends Responses = Responses, Created extends string | undefined = undefined>(
  op: Operation<Q, B, R, Created>,
): RouteHandler {
  const run = handle(op as unknown as Operation<Q, B>);
  return async (request, context) => {
    const started = performance.now();
    const requestId = request.headers.get('x-request-id')?.slice(0, 100) || newRequestId();
    // Parsed once: the query comes from it, and the log line's path.
    const url = new URL(request.url);
    const response = await run(request, context, requestId, url);
    const seconds = (performance.now() - started) / 1000;
    recordRequest(op.path ?? 'unlisted', request.method, response.status, seconds);
    log(response.status >= 500 ? 'error' : 'info', 'request', {
      requestId,
      method: request.method,
      path: url.pathname,
      status: response.status,
      durationMs: Math.round(seconds * 10_000) / 10,
    });
    return response;
  };
}

function handle<Q extends z.ZodType, B extends z.ZodType>(op: Operation<Q, B>) {
  return async (request: Request, context: NextContext, requestId: string, url: URL): Promise<Response> => {
    try {
      let principal: Principal;
      let quota: RateLimitResult | undefined;
      if (op.scope === null && op.caller !== 'user') principal = anonymous();
      else {
        try {
          principal = await authenticate(request);
        } catch (error) {
          // Failed authentication counts against the caller's address, so guessing tokens is slow.
          await consume(`ip:${clientAddress(request.headers)}`, limits.anonymous());
          throw error;
        }
        const subject = principal.actor.type === 'system' ? principal.actor.name : principal.actor.id;
        quota = await consume(`${principal.actor.type}:${subject}`, limits.principal());
      }
      if (op.caller === 'user' && principal.actor.type !== 'user') {
        throw new DomainError('insufficientScope', 'This operation changes a dashboard user\'s own setting: call it signed in to the dashboard, not with an API token.', {
          meta: { requiredCaller: 'user' },
        });
      }
      if (op.scope && !principal.scopes.has(op.scope)) {
        throw new DomainError('insufficientScope', `This operation needs the "${op.scope}" scope, which the token does not have.`, {
          meta: { requiredScope: op.scope },
        });
      }
      const params = (await context?.params) ?? {};
      assertPathParams(params);
      const query = op.query ? parse(op.query, queryObject(url), 'query') : undefined;
      const body = op.body ? parse(op.body, await readJsonBody(request, op.bodyOptional ?? false), 'body') : undefined;
      const raw = op.rawBody ? await readRawBody(request, op.rawBody) : undefined;
      const ctx = makeCtx(principal, await getDb(), { requestId, source: principal.actor.type === 'user' ? 'dashboard' : 'api' });
      const headers = { 'X-Request-Id': requestId, ...(quota ? rateLimitHeaders(quota) : {}) };
      // A handler may answer a file (a document's contents) as a Response of its own; never an idempotent one.
      let file: Response | undefined;
      const respond = async (ctx: Ctx) => {
        const value: unknown = await op.handler({ ctx, params, query: query as z.output<Q>, body: body as z.output<B>, raw, request });
        if (value instanceof Response && !op.idempotent) {
          file = value;
          return { status: value.status, body: null };
        }
        return responseOf(op, value);
      };
      const response = op.idempotent ? await withIdempotency(ctx, request.headers.get('idempotency-key'), body, respond) : await respond(ctx);
      if (file) {
        for (const [name, value] of Object.entries(headers)) file.headers.set(name, value);
        return file;
      }
      return json(response.status, response.body, { ...successHeaders(op, response), ...headers });
    } catch (error) {
      return toErrorResponse(error, requestId);
    }
  };
}

/** The status and body of a handler's domain value, as the operation declares them. */
function responseOf(op: { created?: string; responses?: Responses }, value: unknown): StoredResponse {
  // An operation that queues work declares 202 (lib/api/operations/spec.ts `accepted`).
  if (!op.created) return { status: op.responses && 202 in op.responses ? 202 : 200, body: value };
  const { [op.created]: resource, matched } = value as Record<string, unknown>;
  if (matched) return { status: 200, body: { ...(resource as object), matched } };
  return { status: 201, body: resource };
}

/** Headers that follow from a response (so a replayed one gets them too): the new resource's Location. */
function successHeaders(op: { created?: string }, response: StoredResponse): Record<string, string> {
  // A webhook endpoint's `url` is where its events go: its own address is `resourceUrl`.
  if (op.created && response.status === 201) {
    const body = response.body as { url: string; resourceUrl?: string };
    return { Location: body.resourceUrl ?? body.url };
  }
  return {};
}

/** Path ids are opaque strings: a NUL (which PostgreSQL text cannot hold) is refused, not queried. */
function assertPathParams(params: Params): void {
  const bad = Object.entries(params).filter(([, value]) => typeof value === 'string' && value.includes('\u0000'));
  if (bad.length)
    throw invalid(bad.map(([name]) => ({ code: 'invalidValue', detail: `Path parameter "${name}" must not contain the NUL character (%00).`, meta: { parameter: name } })));
}

function anonymous(): Principal {
  return { tenantId: '', companyIds: [], scopes: new Set(), actor: { type: 'system', name: 'anonymous' } };
}

const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;
type Method = (typeof METHODS)[number];

/**
 * The exports of a route file: the declared methods, and a 405 in the envelope for the others.
 * `export const { GET, POST, PUT, PATCH, DELETE } = methods({ GET: operation({...}) })`
 */
export function methods(declared: Partial<Record<Method, RouteHandler>>): Record<Method, RouteHandler> {
  const allow = Object.keys(declared).join(', ');
  const notAllowed: RouteHandler = async (request) =>
    errorResponse(405, [{ code: 'methodNotAllowed' as never, detail: `${request.method} is not allowed here. Allowed: ${allow}.` }], { Allow: allow });
  return Object.fromEntries(METHODS.map((m) => [m, declared[m] ?? notAllowed])) as Record<Method, RouteHandler>;
}
