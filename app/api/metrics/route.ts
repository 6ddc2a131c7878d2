/**
 * Prometheus metrics of this process (lib/observability/metrics.ts). With METRICS_TOKEN set, only
 * for `Authorization: Bearer <METRICS_TOKEN>`; without it, open (production should set it).
 */
import { errorResponse } from '@/lib/http/route';
import { metricsAccessAllowed, scrapeMetrics } from '@/lib/observability/metrics';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

export async function GET(request: Request): Promise<Response> {
  if (!metricsAccessAllowed(request))
    return errorResponse(401, [{ code: 'unauthenticated', detail: 'The metrics need "Authorization: Bearer <METRICS_TOKEN>".' }], { 'WWW-Authenticate': 'Bearer' });
  const { contentType, body } = await scrapeMetrics();
  return new Response(body, { headers: { 'Content-Type': contentType, 'Cache-Control': 'no-store' } });
}
