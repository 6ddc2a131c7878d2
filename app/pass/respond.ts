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
import { isParticipantLanguage, participantText, type ParticipantLanguage } from '@/lib/i18n/participant';
import { messagePage } from './view';

export const PAGE_HEADERS = {
  'Content-Type': 'text/html; charset=utf-8',
  'Cache-Control': 'no-store',
  'X-Robots-Tag': 'noindex, nofollow',
  'Referrer-Policy': 'same-origin',
} as const;

export const html = (status: number, body: string | null, headers: Record<string, string> = {}) =>
  new Response(body, { status, headers: { ...PAGE_HEADERS, ...headers } });

/** The cookie that remembers the participant's switch of language on this device (issue 29). */
export const LANGUAGE_COOKIE = 'pass_lang';

/**
 * The language the participant chose: `?lang=en|es` (the page's switch), else the cookie a
 * switch left; null when they chose none (the order's language then, or English without one).
 */
export function chosenLanguage(request: Request): ParticipantLanguage | null {
  const query = new URL(request.url).searchParams.get('lang');
  if (isParticipantLanguage(query)) return query;
  const cookie = /(?:^|;\s*)pass_lang=([a-z]{2})(?:;|$)/.exec(request.headers.get('cookie') ?? '')?.[1];
  return isParticipantLanguage(cookie) ? cookie : null;
}

/** `Set-Cookie` remembering a switch made by this request's `?lang=`, for a year, on the pass pages only. */
export function languageCookie(request: Request): Record<string, string> {
  const url = new URL(request.url);
  const query = url.searchParams.get('lang');
  if (!isParticipantLanguage(query)) return {};
  const secure = url.protocol === 'https:' ? '; Secure' : '';
  return { 'Set-Cookie': `${LANGUAGE_COOKIE}=${query}; Path=/pass; Max-Age=31536000; SameSite=Lax; HttpOnly${secure}` };
}

const pageWords = (request: Request) => participantText(chosenLanguage(request) ?? 'en').pass.pages;

/** Counts the request against its address (`RATE_LIMIT_ANONYMOUS_PER_MINUTE`); a 429 page once over. */
export async function rateLimited(request: Request): Promise<Response | null> {
  try {
    await consume(`pass:${clientAddress(request.headers)}`, limits.anonymous());
    return null;
  } catch (error) {
    if (!(error instanceof DomainError) || error.entries[0].code !== 'tooManyRequests') throw error;
    const retry = Number(error.entries[0].meta?.retryAfterSeconds ?? 60);
    const w = pageWords(request).tooMany;
    const language = chosenLanguage(request) ?? 'en';
    return html(429, messagePage({ title: w.title, heading: w.heading, text: w.text(retry), language }), { 'Retry-After': String(retry) });
  }
}

/** A page of `pages` in `language`: title, heading and text. */
const wordsPage = (language: ParticipantLanguage, page: 'notFound' | 'replaced' | 'unavailable' | 'tooLarge', tone?: 'warn' | 'bad') => {
  const w = participantText(language).pass.pages[page];
  return messagePage({ title: w.title, heading: w.heading, text: w.text, tone, language });
};

/** 404 for an unknown link, in the language the participant chose on this device (English by default: the link names no order). */
export const notFoundPage = (head = false, language: ParticipantLanguage = 'en') => html(404, head ? null : wordsPage(language, 'notFound'));

/** 410 for a replaced link, in the language of its order (or the participant's switch). */
export const replacedPage = (head = false, language: ParticipantLanguage = 'en') => html(410, head ? null : wordsPage(language, 'replaced'));

/** 413 for a clinic choice too large to read. */
export const tooLargePage = (language: ParticipantLanguage) => html(413, wordsPage(language, 'tooLarge'), { Connection: 'close' });

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
      const language = chosenLanguage(request) ?? 'en';
      if (isDatabaseUnavailable(error)) {
        log('warn', 'pass page: database unavailable', { requestId, error: describeErrorBriefly(error) });
        return html(503, head ? null : wordsPage(language, 'unavailable'), { 'Retry-After': String(UNAVAILABLE_RETRY_AFTER_SECONDS) });
      }
      log('error', 'pass page failed', { requestId, error: describeError(error) });
      const w = participantText(language).pass.pages.failed;
      return html(500, head ? null : messagePage({ title: w.title, heading: w.heading, text: w.text(requestId), language }));
    }
  };
}
