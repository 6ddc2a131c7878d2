/**
 * `POST /pass/{token}/clinic` (form field `clinicId`): the participant's clinic choice from the pass
 * page, recorded by `choosePassClinic` (order.clinic_id, audit by "participant", one
 * `order.updated` event), then back to the pass (303). Same-origin forms only.
 */
import { DomainError } from '@/lib/domain/errors';
import { choosePassClinic, lookupPass } from '@/lib/domain/passes/participant';
import { html, notFoundPage, passDb, rateLimited, replacedPage } from '../../respond';

export const dynamic = 'force-dynamic';

type Context = { params: Promise<{ token: string }> };

const back = (token: string, query: string) => new Response(null, { status: 303, headers: { Location: `/pass/${encodeURIComponent(token)}?${query}`, 'Cache-Control': 'no-store' } });

function sameOrigin(request: Request): boolean {
  // Browsers say where a request comes from (Sec-Fetch-Site); without it, the Origin header decides.
  const site = request.headers.get('sec-fetch-site');
  if (site) return site === 'same-origin' || site === 'none';
  const origin = request.headers.get('origin');
  if (origin === null) return true; // not a cross-site browser form (browsers send Origin on cross-site POSTs)
  const host = request.headers.get('x-forwarded-host') ?? request.headers.get('host');
  try {
    return new URL(origin).host === host;
  } catch {
    return false;
  }
}

export async function POST(request: Request, context: Context): Promise<Response> {
  const limited = await rateLimited(request);
  if (limited) return limited;
  const { token } = await context.params;
  const found = await lookupPass(await passDb(), token);
  if (found.kind === 'unknown') return notFoundPage();
  if (found.kind === 'revoked') return replacedPage();
  if (!sameOrigin(request)) return html(403, null);
  let clinicId = '';
  try {
    const form = await request.formData();
    clinicId = String(form.get('clinicId') ?? '').slice(0, 100);
  } catch {
    return back(token, 'error=clinic');
  }
  try {
    await choosePassClinic(await passDb(), token, clinicId);
    return back(token, 'chosen=1');
  } catch (error) {
    if (error instanceof DomainError) return back(token, error.entries[0].code === 'invalidState' ? 'error=state' : 'error=clinic');
    throw error;
  }
}
