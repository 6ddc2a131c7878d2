/**
 * `POST /pass/{token}/clinic` (form field `clinicId`): the participant's clinic choice from the pass
 * page, recorded by `choosePassClinic` (order.clinic_id, audit by "participant", one
 * `order.updated` event), then back to the pass (303). Same-origin forms only.
 */
import { DomainError } from '@/lib/domain/errors';
import { choosePassClinic, lookupPass } from '@/lib/domain/participant/pass-page';
import { readTextUpTo } from '@/lib/http/body';
import { hasSameOrigin } from '@/lib/http/same-origin';
import { chosenLanguage, html, notFoundPage, passDb, passRoute, rateLimited, replacedPage, tooLargePage } from '../../respond';

const FORM_MAX_BYTES = 4 * 1024;

export const dynamic = 'force-dynamic';

type Context = { params: Promise<{ token: string }> };

const back = (token: string, query: string) => new Response(null, { status: 303, headers: { Location: `/pass/${encodeURIComponent(token)}?${query}`, 'Cache-Control': 'no-store' } });

function sameOrigin(request: Request): boolean {
  // Browsers say where a request comes from (Sec-Fetch-Site); without it, the Origin header decides.
  const site = request.headers.get('sec-fetch-site');
  if (site) return site === 'same-origin' || site === 'none';
  if (request.headers.get('origin') === null) return true; // not a cross-site browser form (browsers send Origin on cross-site POSTs)
  return hasSameOrigin(request.headers);
}

export const POST = passRoute(async (request: Request, context: Context): Promise<Response> => {
  const limited = await rateLimited(request);
  if (limited) return limited;
  const { token } = await context.params;
  const found = await lookupPass(await passDb(), token);
  const chosen = chosenLanguage(request);
  if (found.kind === 'unknown') return notFoundPage(false, chosen ?? 'en');
  if (found.kind === 'revoked') return replacedPage(false, chosen ?? found.language);
  if (!sameOrigin(request)) return html(403, null);
  let clinicId = '';
  try {
    // The form has one short field: a larger body is refused unread (issue 26, finding 1).
    const form = new URLSearchParams(await readTextUpTo(request, FORM_MAX_BYTES));
    clinicId = (form.get('clinicId') ?? '').slice(0, 100);
  } catch (error) {
    if (error instanceof DomainError && error.entries[0].code === 'tooBig')
      return tooLargePage(chosen ?? found.view.language);
    return back(token, 'error=clinic');
  }
  try {
    await choosePassClinic(await passDb(), token, clinicId);
    return back(token, 'chosen=1');
  } catch (error) {
    if (error instanceof DomainError) return back(token, error.entries[0].code === 'invalidState' ? 'error=state' : 'error=clinic');
    throw error;
  }
});
