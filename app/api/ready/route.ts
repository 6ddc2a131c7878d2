/**
 * Readiness: 200 when the database answers, its migrations are current and a webhook delivery
 * worker beat recently; else 503 with the reason (lib/observability/readiness.ts). No authentication:
 * it tells what fails, never how to reach it.
 */
import { checkReadiness } from '@/lib/observability/readiness';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

export async function GET(): Promise<Response> {
  const { ready, checks, reason } = await checkReadiness();
  const body = ready ? { status: 'ready', checks } : { status: 'unavailable', checks, reason };
  return Response.json(body, { status: ready ? 200 : 503, headers: { 'Cache-Control': 'no-store' } });
}
