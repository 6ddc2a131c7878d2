/** Liveness: the process answers. No database, no authentication (see /api/ready for readiness). */
export const dynamic = 'force-dynamic';

export async function GET(): Promise<Response> {
  return Response.json({ status: 'ok' }, { headers: { 'Cache-Control': 'no-store' } });
}
