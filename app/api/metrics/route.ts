/**
 * Prometheus metrics of this process (lib/observability/metrics.ts). With METRICS_TOKEN set, only
 * for `Authorization: Bearer <METRICS_TOKEN>`; without it, open in staging and only for this
 * machine in production (whose start-up asks for the token unless it listens on loopback).
 */
import { env } from '@/lib/config/env';
import { errorResponse } from '@/lib/http/route';
import { isLocalRequest } from '@/lib/http/client-address';
import { metricsAccessAllowed, scrapeMetrics } from '@/lib/observability/metrics';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

export async function GET(request: Request): Promise<Response> {
  if (!metricsAccessAllowed(request, env.METRICS_TOKEN, isLocalRequest(request.headers)))
    return errorResponse(401, [{ code: 'unauthenticated', detail: 'The metrics need "Authorization: Bearer <METRICS_TOKEN>".' }], { 'WWW-Authenticate': 'Bearer' });
  const { contentType, body } = await scrapeMetrics();
  return new Response(body, { headers: { 'Content-Type': contentType, 'Cache-Control': 'no-store' } });
}
