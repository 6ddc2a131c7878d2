/**
 * Issue 26, findings 10-13: what errors say in logs and answers outside /api/v2's wrapper. A query
 * error never shows its parameters (an e-mail, a pass token's hash); a database that cannot be
 * reached is told apart from a failing query; production's metrics are not open to everyone.
 */
import { DrizzleQueryError } from 'drizzle-orm/errors';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { isDatabaseUnavailable } from '@/lib/db/unavailable';
import { unavailableError } from '@/lib/http/errors';
import { describeError, redactCredentialPaths } from '@/lib/log';
import { installConsoleRedaction } from '@/lib/runtime';
import { metricsAccessAllowed } from '@/lib/observability/metrics';
import { startLoop } from '@/lib/worker/loop';

const EMAIL = 'secret.person@acme.test';
const queryError = (cause?: Error) => new DrizzleQueryError('select * from users where lower(email) = $1', [EMAIL], cause);
const withCode = (message: string, code: string) => Object.assign(new Error(message), { code });

afterEach(() => vi.unstubAllEnvs());

describe('the worker loop logs a failed round without its query parameters (finding 10)', () => {
  it('a round that throws a query error is logged with the query and without the e-mail', async () => {
    const lines: Array<Record<string, unknown>> = [];
    const loop = startLoop({ name: 'probe', intervalMs: 10, round: () => Promise.reject(queryError(new Error(`duplicate value ${EMAIL}`))), log: (_level, msg, extra) => void lines.push({ msg, ...extra }) });
    await vi.waitFor(() => expect(lines.length).toBeGreaterThan(0));
    await loop.stop();
    const text = JSON.stringify(lines);
    expect(text).toContain('failed query (parameters withheld): select * from users');
    expect(text).not.toContain(EMAIL);
  });
});

describe('other code\'s console lines pass the same describer (finding 10)', () => {
  it('a query error given to console.error loses its parameters; a one-time link its token', () => {
    const written: unknown[][] = [];
    const original = console.error;
    console.error = (...args: unknown[]) => void written.push(args);
    try {
      installConsoleRedaction();
      console.error('unhandled', queryError());
      console.warn('Request body exceeded 10MB for /pass/AbCdEfGhIjKlMnOpQrStUv/clinic.');
    } finally {
      console.error = original;
    }
    expect(String(written[0][1])).toContain('parameters withheld');
    expect(String(written[0][1])).not.toContain(EMAIL);
    expect(describeError(queryError())).not.toContain(EMAIL);
    expect(redactCredentialPaths('GET /pass/AbCdEfGhIjKlMnOpQrStUv and /invite/0123456789abcdef/accept')).toBe('GET /pass/… and /invite/…/accept');
  });
});

describe('a database that cannot be reached (finding 11)', () => {
  it.each([
    ['connection refused, wrapped by drizzle', queryError(withCode('connect ECONNREFUSED 127.0.0.1:5432', 'ECONNREFUSED'))],
    ['the pool cannot connect in time', new Error('timeout exceeded when trying to connect')],
    ['the connection dropped', queryError(new Error('Connection terminated unexpectedly'))],
    ['the server shuts down (57P01)', withCode('terminating connection due to administrator command', '57P01')],
    ['too many connections (53300)', withCode('sorry, too many clients already', '53300')],
    ['both address families refused', new AggregateError([withCode('connect ECONNREFUSED ::1:5432', 'ECONNREFUSED')], '')],
  ])('%s: 503 serviceUnavailable with Retry-After', (_, error) => {
    expect(isDatabaseUnavailable(error)).toBe(true);
    expect(unavailableError(error)?.entries[0]).toMatchObject({ code: 'serviceUnavailable', meta: { retryAfterSeconds: 5 } });
  });

  it.each([
    ['a unique violation', queryError(withCode('duplicate key value violates unique constraint', '23505'))],
    ['a syntax error', withCode('syntax error at or near "selec"', '42601')],
    ['a plain bug', new TypeError('x is undefined')],
  ])('%s is no outage: the logged 500', (_, error) => {
    expect(isDatabaseUnavailable(error)).toBe(false);
    expect(unavailableError(error)).toBeNull();
  });
});

describe('/api/metrics without METRICS_TOKEN (finding 13)', () => {
  const scrape = new Request('http://service.example/api/metrics');

  it('staging answers anyone, as before', () => {
    vi.stubEnv('APP_ENV', 'staging');
    expect(metricsAccessAllowed(scrape, undefined)).toBe(true);
  });

  it('production answers no one but this machine (a request not from loopback is refused)', () => {
    vi.stubEnv('APP_ENV', 'production');
    expect(metricsAccessAllowed(scrape, undefined, false)).toBe(false);
    expect(metricsAccessAllowed(scrape, undefined, true)).toBe(true);
  });

  it('with the token, only its bearer', () => {
    vi.stubEnv('APP_ENV', 'production');
    expect(metricsAccessAllowed(new Request(scrape.url, { headers: { authorization: 'Bearer right' } }), 'right')).toBe(true);
    expect(metricsAccessAllowed(new Request(scrape.url, { headers: { authorization: 'Bearer wrong' } }), 'right')).toBe(false);
  });
});
