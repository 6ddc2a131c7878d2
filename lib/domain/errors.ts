/**
 * Typed errors thrown by domain code. One table in lib/http maps a code to its HTTP status;
 * domain code never speaks HTTP.
 */
export type ErrorCode =
  | 'backgroundCheckIntegrationNotConfigured'
  | 'badRequest'
  | 'conflict'
  | 'insufficientScope'
  | 'internalError'
  | 'invalidElement'
  | 'invalidFormat'
  | 'invalidKey'
  | 'invalidOrigin'
  | 'invalidScheduleStrategy'
  | 'invalidState'
  | 'invalidType'
  | 'invalidUnion'
  | 'invalidValue'
  | 'linkRequiredBackground'
  | 'methodNotAllowed'
  | 'notFound'
  | 'notMultipleOf'
  | 'required'
  | 'scheduleClinicExcludedByFeeCap'
  | 'scheduleConfiguredClinicUnavailable'
  | 'tooBig'
  | 'tooManyRequests'
  | 'tooSmall'
  | 'unauthenticated'
  | 'unrecognizedKeys';

export interface ErrorEntry {
  code: ErrorCode;
  detail: string;
  /** JSON pointer to the request field at fault (`/participant/email`, `/page`). */
  pointer?: string;
  meta?: Record<string, unknown>;
}

export class DomainError extends Error {
  readonly entries: ErrorEntry[];
  /** Overrides the status the code table would give (e.g. 400 `required` vs 422 rule errors). */
  readonly status?: number;
  /** Response headers that go with the error (e.g. Retry-After). */
  readonly headers?: Record<string, string>;

  constructor(
    code: ErrorCode,
    detail: string,
    extra: { pointer?: string; meta?: Record<string, unknown>; status?: number; headers?: Record<string, string> } = {},
  ) {
    super(detail);
    this.entries = [{ code, detail, pointer: extra.pointer, meta: extra.meta }];
    this.status = extra.status;
    this.headers = extra.headers;
  }

  static many(entries: ErrorEntry[], status: number): DomainError {
    const error = new DomainError(entries[0].code, entries[0].detail, { status, pointer: entries[0].pointer });
    error.entries.splice(0, 1, ...entries);
    return error;
  }
}

export const notFound = (what: string, pointer?: string) =>
  new DomainError('notFound', `${what} was not found.`, { pointer });
