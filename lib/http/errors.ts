/**
 * The spec's error envelope (2.12) and the one table from error code to HTTP status.
 */
import { STATUS_CODES } from 'node:http';
import type { z } from 'zod';
import type { ErrorCode, ErrorEntry } from '@/lib/domain/errors';

export interface ErrorEnvelope {
  statusCode: number;
  error: string;
  errors: Array<{ code: string; detail: string; meta?: Record<string, unknown>; source?: { pointer: string } }>;
}

const STATUS_BY_CODE: Partial<Record<ErrorCode, number>> = {
  unauthenticated: 401,
  insufficientScope: 403,
  notFound: 404,
  methodNotAllowed: 405,
  conflict: 409,
  invalidState: 422,
  invalidScheduleStrategy: 422,
  scheduleConfiguredClinicUnavailable: 422,
  scheduleClinicExcludedByFeeCap: 422,
  backgroundCheckIntegrationNotConfigured: 422,
  linkRequiredBackground: 422,
  tooManyRequests: 429,
  internalError: 500,
};

/** Validation codes (invalidType, tooSmall, required, ...) are 400 unless a status is given. */
export function statusOf(code: ErrorCode): number {
  return STATUS_BY_CODE[code] ?? 400;
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
 * One envelope entry per zod issue: `code` is the camelCased zod 4 issue code, except a missing
 * member, which is `required`; custom refinements name their code in `params.code`.
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
    const message = issue.message.replace(/^Invalid input: /, '');
    return [{ code: camel(issue.code) as ErrorCode, detail: `${label(path, where)}: ${message}.`.replace(/\.\.$/, '.'), pointer }];
  });
}
