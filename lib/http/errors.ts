/**
 * The spec's error envelope (2.12), the one table from error code to HTTP status, and the headers
 * that go with an error. Domain errors carry codes only; their statuses and headers live here.
 */
import { STATUS_CODES } from 'node:http';
import { z } from 'zod';
import { afterName, issueWords } from '@/lib/domain/issue-words';
import { DomainError, type ErrorCode, type ErrorEntry } from '@/lib/domain/errors';
import { rateLimitHeaders } from './rate-limit-headers';
import { isDatabaseUnavailable, UNAVAILABLE_RETRY_AFTER_SECONDS } from '@/lib/db/unavailable';

export interface ErrorEnvelope {
  statusCode: number;
  error: string;
  errors: Array<{ code: string; detail: string; meta?: Record<string, unknown>; source?: { pointer: string } }>;
}

const STATUS_BY_CODE: Partial<Record<ErrorCode, number>> = {
  unauthenticated: 401,
  insufficientScope: 403,
  invalidOrigin: 403,
  notFound: 404,
  methodNotAllowed: 405,
  conflict: 409,
  invalidState: 422,
  expirationTooLate: 422,
  invalidScheduleStrategy: 422,
  scheduleConfiguredClinicUnavailable: 422,
  scheduleClinicExcludedByFeeCap: 422,
  backgroundCheckIntegrationNotConfigured: 422,
  linkRequiredBackground: 422,
  testingWindowClosed: 422,
  packageInactive: 422,
  // A request body over the limit. A zod `tooBig` (a value out of range) is part of an
  // InvalidRequest, which is 400 whatever its codes.
  tooBig: 413,
  tooManyRequests: 429,
  internalError: 500,
  // The database cannot be reached now (lib/db/unavailable.ts): try again after Retry-After.
  serviceUnavailable: 503,
};

/** Validation codes (invalidType, tooSmall, required, ...) are 400. */
export function statusOf(code: ErrorCode): number {
  return STATUS_BY_CODE[code] ?? 400;
}

/**
 * The request failed validation (its query, body or path parameters): 400 (spec 2.12), whatever
 * the codes of its entries, one per problem.
 */
export class InvalidRequest extends DomainError {
  constructor(entries: [ErrorEntry, ...ErrorEntry[]]) {
    super(entries[0].code, entries[0].detail, { pointer: entries[0].pointer, meta: entries[0].meta });
    this.entries.splice(0, 1, ...entries);
  }
}

/** The status of a domain error: the table's, by its first code; an invalid request is 400. */
export function statusOfError(error: DomainError): number {
  return error instanceof InvalidRequest ? 400 : statusOf(error.entries[0].code);
}

/** The headers that go with an error, from its status and meta. */
export function errorHeaders(error: DomainError): Record<string, string> {
  const status = statusOfError(error);
  // The rest of an oversized body is never read: the connection cannot carry another request.
  if (status === 413) return { Connection: 'close' };
  const meta = error.entries[0].meta;
  if (status === 429 && typeof meta?.limit === 'number' && typeof meta.retryAfterSeconds === 'number')
    return rateLimitHeaders({ limit: meta.limit, remaining: 0, reset: meta.retryAfterSeconds }, true);
  if (typeof meta?.retryAfterSeconds === 'number') return { 'Retry-After': String(meta.retryAfterSeconds) };
  return {};
}

export function reasonPhrase(status: number): string {
  return STATUS_CODES[status] ?? 'Error';
}

export function envelope(status: number, entries: ErrorEntry[]): ErrorEnvelope {
  return {
    statusCode: status,
    error: reasonPhrase(status),
    errors: entries.map(({ code, detail, pointer, meta }) => ({
      code,
      detail,
      ...(meta ? { meta } : {}),
      ...(pointer !== undefined ? { source: { pointer } } : {}),
    })),
  };
}

function escapePointerToken(token: PropertyKey): string {
  return String(token).replace(/~/g, '~0').replace(/\//g, '~1');
}

export function toPointer(path: readonly PropertyKey[]): string {
  return path.map((p) => `/${escapePointerToken(p)}`).join('');
}

function label(path: readonly PropertyKey[], where: 'body' | 'query'): string {
  if (path.length === 0) return where === 'body' ? 'The request body' : 'The query';
  const dotted = path.map((p) => (typeof p === 'number' ? `[${p}]` : `.${String(p)}`)).join('').replace(/^\./, '');
  return where === 'query' ? `Query parameter "${dotted}"` : `"${dotted}"`;
}

const camel = (code: string) => code.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase());

/**
 * The plain words of an issue (lib/domain/issue-words.ts, the forms' words too) when its message is
 * zod's own (or already those words); undefined when the schema gave its own message.
 */
function plainWordsOf(issue: z.core.$ZodIssue): string | undefined {
  const words = issueWords(issue as unknown as z.core.$ZodRawIssue);
  if (!words || issue.message === words) return words;
  const zodOwn = z.config().localeError?.(issue as never);
  return issue.message === (typeof zodOwn === 'string' ? zodOwn : zodOwn?.message) ? words : undefined;
}

/**
 * One envelope entry per zod issue: `code` is the camelCased zod 4 issue code, except a missing
 * member, which is `required`; custom refinements name their code in `params.code`. The detail
 * names the member and says what is wrong in plain words (`"otherTestReason" must not be blank.`),
 * or gives the schema's own message.
 */
export function entriesFromZod(error: z.ZodError, where: 'body' | 'query'): ErrorEntry[] {
  return error.issues.flatMap((issue): ErrorEntry[] => {
    const path = issue.path;
    if (issue.code === 'unrecognized_keys') {
      return issue.keys.map((key) => ({
        code: 'unrecognizedKeys',
        detail: `${label([...path, key], where)} is not a recognized member.`,
        pointer: toPointer([...path, key]),
      }));
    }
    const pointer = toPointer(path);
    if (issue.code !== 'custom' && (issue as { input?: unknown }).input === undefined) {
      return [{ code: 'required', detail: `${label(path, where)} is required.`, pointer }];
    }
    if (issue.code === 'custom') {
      const params = (issue.params ?? {}) as { code?: ErrorCode };
      return [{ code: params.code ?? 'invalidValue', detail: issue.message, pointer }];
    }
    const words = plainWordsOf(issue);
    if (words) return [{ code: camel(issue.code) as ErrorCode, detail: `${label(path, where)} ${afterName(words)}`, pointer }];
    const message = issue.message.replace(/^Invalid input: /, '');
    return [{ code: camel(issue.code) as ErrorCode, detail: `${label(path, where)}: ${message}.`.replace(/\.\.$/, '.'), pointer }];
  });
}

/**
 * The 503 of a database that cannot be reached now, or null for any other error: the same answer
 * for every route (the API, sign-in, the pass and invitation pages), with Retry-After.
 */
export function unavailableError(error: unknown): DomainError | null {
  if (!isDatabaseUnavailable(error)) return null;
  return new DomainError('serviceUnavailable', `The service cannot reach its database right now. Try again in ${UNAVAILABLE_RETRY_AFTER_SECONDS} seconds.`, {
    meta: { retryAfterSeconds: UNAVAILABLE_RETRY_AFTER_SECONDS },
  });
}
