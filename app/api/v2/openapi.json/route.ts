import { buildOpenApiDocument } from '@/lib/api/openapi';

let cached: string | undefined;

/** The OpenAPI 3.1 document of this API; public. */
export async function GET() {
  cached ??= JSON.stringify(buildOpenApiDocument());
  return new Response(cached, { headers: { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'public, max-age=300' } });
}
