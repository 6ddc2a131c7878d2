/**
 * What every pass page response shares: the headers (never indexed, never cached, no referrer to
 * another site, so the token in the URL does not leak through a followed link), the per-address rate limit and the
 * pages for an unknown (404) or replaced (410) link.
 */
import { getDb } from '@/lib/app-db';
import { DomainError } from '@/lib/domain/errors';
import { clientAddress } from '@/lib/http/client-address';
import { consume, limits } from '@/lib/rate-limit';
import { isDatabaseUnavailable, UNAVAILABLE_RETRY_AFTER_SECONDS } from '@/lib/db/unavailable';
import { describeError, describeErrorBriefly, log } from '@/lib/log';
import { newRequestId } from '@/lib/http/request-id';
import { messagePage } from './view';

export const PAGE_HEADERS = {
  'Content-Type': 'text/html; charset=utf-8',
  'Cache-Control': 'no-store',
  'X-Robots-Tag': 'noindex, nofollow',
  'Referrer-Policy': 'same-origin',
} as const;

export const html = (status: number, body: string | null, headers: Record<string, string> = {}) =>
  new Response(body, { status, headers: { ...PAGE_HEADERS, ...headers } });

/** Counts the request against its address (`RATE_LIMIT_ANONYMOUS_PER_MINUTE`); a 429 page once over. */
export async function rateLimited(request: Request): Promise<Response | null> {
  try {
    await consume(`pass:${clientAddress(request.headers)}`, limits.anonymous());
    return null;
  } catch (error) {
    if (!(error instanceof DomainError) || error.entries[0].code !== 'tooManyRequests') throw error;
    const retry = Number(error.entries[0].meta?.retryAfterSeconds ?? 60);
    return html(429, messagePage({ title: 'Too many requests', heading: 'Too many requests', text: `Please wait ${retry} seconds and try again.` }), { 'Retry-After': String(retry) });
  }
}

export const notFoundPage = (head = false) =>
  html(404, head ? null : messagePage({ title: 'Pass not found', heading: 'This pass was not found', text: 'Check that you opened the whole link from your message. If it still does not work, contact the company that ordered your test.' }));

export const replacedPage = (head = false) =>
  html(410, head ? null : messagePage({ title: 'This link was replaced', heading: 'This link was replaced', text: 'A newer link to your pass was sent to you. Open the most recent message, or ask the company that ordered your test to send it again.' }));

export const passDb = getDb;

type PassHandler<C> = (request: Request, context: C) => Promise<Response>;

/**
 * Every pass route's errors answered as pages, never Next.js's empty 500: 503 with Retry-After
 * when the database cannot be reached, else 500; logged by the one describer, which keeps the
 * query's parameters (the token's hash) and the path's token out of the log (issue 26, 10 and 11).
 */
export function passRoute<C>(handler: PassHandler<C>): PassHandler<C> {
  return async (request, context) => {
    try {
      return await handler(request, context);
    } catch (error) {
      const requestId = newRequestId();
      const head = request.method === 'HEAD';
      if (isDatabaseUnavailable(error)) {
        log('warn', 'pass page: database unavailable', { requestId, error: describeErrorBriefly(error) });
        const text = `The service is briefly unavailable. Please try again in a minute.`;
        return html(503, head ? null : messagePage({ title: 'Briefly unavailable', heading: 'Briefly unavailable', text }), { 'Retry-After': String(UNAVAILABLE_RETRY_AFTER_SECONDS) });
      }
      log('error', 'pass page failed', { requestId, error: describeError(error) });
      const text = `Something went wrong on our side. Please try again later (reference ${requestId}).`;
      return html(500, head ? null : messagePage({ title: 'Something went wrong', heading: 'Something went wrong', text }));
    }
  };
}
