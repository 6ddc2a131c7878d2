/**
 * Typed errors thrown by domain code. One table in lib/http maps a code to its HTTP status;
 * domain code never speaks HTTP.
 */
export type ErrorCode =
  | 'backgroundCheckIntegrationNotConfigured'
  | 'badRequest'
  | 'conflict'
  | 'expirationTooLate'
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
  | 'packageInactive'
  | 'required'
  | 'scheduleClinicExcludedByFeeCap'
  | 'scheduleConfiguredClinicUnavailable'
  | 'testingWindowClosed'
  | 'tooBig'
  | 'tooManyRequests'
  | 'serviceUnavailable'
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

/**
 * A rule broken, with the codes of the envelope; which HTTP status a code means (and which headers
 * go with it, e.g. Retry-After from `meta.retryAfterSeconds`) is lib/http's table.
 */
export class DomainError extends Error {
  readonly entries: ErrorEntry[];

  constructor(code: ErrorCode, detail: string, extra: { pointer?: string; meta?: Record<string, unknown> } = {}) {
    super(detail);
    this.entries = [{ code, detail, pointer: extra.pointer, meta: extra.meta }];
  }
}

export const notFound = (what: string, pointer?: string) =>
  new DomainError('notFound', `${what} was not found.`, { pointer });
