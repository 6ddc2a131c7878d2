/**
 * The admin channel of the operator CLI (lib/admin/channel.ts): local only, keyed, not part of the
 * public API. POST { "command": "token create", "args": { "tenant": "acme" } } with `X-Admin-Key`.
 */
import { handleAdminRequest } from '@/lib/admin/server';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

export async function POST(request: Request): Promise<Response> {
  return handleAdminRequest(request);
}
