/**
 * `/pass/{token}`: the participant's pass page (DESIGN.md 6.1), without an account. A route handler
 * rather than a page, so that a replaced link answers 410 and an unknown one 404 with their pages.
 * The first GET records `opened_at`; `?near=` (ZIP or "City, ST") or `?lat=&long=` lists clinics
 * for the clinic choice (`./clinic/route.ts` records it).
 */
import QRCode from 'qrcode';
import { clinicsForPass, lookupPass, type PassClinic } from '@/lib/domain/participant/pass-page';
import { geocodeNear } from '@/lib/geo/geocode';
import { escapeHtml as esc } from '@/lib/html';
import { participantText, type ParticipantLanguage } from '@/lib/i18n/participant';
import { chosenLanguage, html, languageCookie, notFoundPage, passDb, passRoute, rateLimited, replacedPage } from '../respond';
import { passPage, type ClinicSearch } from '../view';

export const dynamic = 'force-dynamic';

type Context = { params: Promise<{ token: string }> };

/** The notices after a clinic choice (`?chosen=1`, `?error=clinic|state`): keys of the catalog's `notices`. */
const NOTICES: Record<string, { key: 'chosen' | 'clinic' | 'state'; tone: 'ok' | 'bad' }> = {
  chosen: { key: 'chosen', tone: 'ok' },
  clinic: { key: 'clinic', tone: 'bad' },
  state: { key: 'state', tone: 'bad' },
};

function coordinate(value: string | null, max: number): number | null {
  if (value === null || value.trim() === '') return null;
  const n = Number(value);
  return Number.isFinite(n) && Math.abs(n) <= max ? n : null;
}

async function search(url: URL, orderId: string, allowed: boolean): Promise<ClinicSearch> {
  const near = (url.searchParams.get('near') ?? '').trim().slice(0, 100);
  const lat = coordinate(url.searchParams.get('lat'), 90);
  const long = coordinate(url.searchParams.get('long'), 180);
  const byPosition = lat !== null && long !== null;
  if (!allowed || (!near && !byPosition)) return { near, byPosition: false, results: null, error: null };
  const position = byPosition ? { lat, long } : geocodeNear(near);
  if (!position) return { near, byPosition: false, results: null, error: 'notFoundPlace' };
  const results: PassClinic[] = await clinicsForPass(await passDb(), orderId, position);
  return { near, byPosition, results, error: null };
}

/**
 * The QR code's SVG of an order code (its label in the page's language is added per request). Drawing one (segmenting, masks and
 * their penalties) was ~8% of the page's server CPU; a code never changes, so the SVGs of the
 * codes shown lately are kept (at most QR_CACHE_SIZE, least recently used out first).
 */
const QR_CACHE_SIZE = 1_000;
const qrCache = new Map<string, string>();

async function qrSvgOf(code: string, language: ParticipantLanguage): Promise<string> {
  const label = (svg: string) =>
    svg.replace('<svg ', `<svg class="qr" role="img" aria-label="${esc(participantText(language).pass.qrLabel(code))}" data-testid="pass-qr" `);
  const hit = qrCache.get(code);
  if (hit !== undefined) {
    qrCache.delete(code);
    qrCache.set(code, hit);
    return label(hit);
  }
  const svg = await QRCode.toString(code, { type: 'svg', errorCorrectionLevel: 'M', margin: 2, color: { dark: '#000000', light: '#ffffff' } });
  qrCache.set(code, svg);
  if (qrCache.size > QR_CACHE_SIZE) qrCache.delete(qrCache.keys().next().value!);
  return label(svg);
}

/** The page in the other language: this URL with `lang` switched, without a one-time notice. */
function switchHref(url: URL, language: ParticipantLanguage): string {
  const query = new URLSearchParams(url.searchParams);
  for (const key of ['chosen', 'error']) query.delete(key);
  query.set('lang', language === 'en' ? 'es' : 'en');
  return `?${query.toString()}`;
}

async function respond(request: Request, context: Context, head: boolean): Promise<Response> {
  const limited = await rateLimited(request);
  if (limited) return limited;
  const { token } = await context.params;
  const found = await lookupPass(await passDb(), token, { open: !head });
  const chosen = chosenLanguage(request);
  const cookie = languageCookie(request);
  if (found.kind === 'unknown') return notFoundPage(head, chosen ?? 'en');
  if (found.kind === 'revoked') return replacedPage(head, chosen ?? found.language);
  if (head) return html(200, null);
  const { view } = found;
  // The participant's switch (this request's ?lang=, or the cookie an earlier one left), else the order's language.
  const language = chosen ?? view.language;
  const url = new URL(request.url);
  const notice = NOTICES[url.searchParams.get('chosen') ? 'chosen' : (url.searchParams.get('error') ?? '')] ?? null;
  const qrSvg = view.state === 'live' ? await qrSvgOf(view.code, language) : null;
  const body = passPage({
    token,
    view,
    qrSvg,
    search: await search(url, view.orderId, view.canChooseClinic),
    notice: notice ? participantText(language).pass.notices[notice.key] : null,
    noticeTone: notice?.tone,
    nonce: request.headers.get('x-nonce') ?? undefined,
    language,
    switchHref: switchHref(url, language),
  });
  return html(200, body, cookie);
}

export const GET = passRoute((request: Request, context: Context) => respond(request, context, false));
export const HEAD = passRoute((request: Request, context: Context) => respond(request, context, true));
