/**
 * What every pass page response shares: the headers (never indexed, never cached, no referrer to
 * another site, so the token in the URL does not leak through a followed link), the per-address rate limit and the
 * pages for an unknown (404) or replaced (410) link.
 */
import { getDb } from '@/lib/app-db';
import { DomainError } from '@/lib/domain/errors';
import { clientAddress } from '@/lib/http/client-address';
import { consume, limits } from '@/lib/rate-limit';
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
