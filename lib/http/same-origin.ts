/**
 * Whether a state-changing browser request comes from this site: its Origin's host is the host the
 * request was sent to. That host is X-Forwarded-Host when a trusted proxy set it, else Host:
 * scripts/server.mjs drops a client's own X-Forwarded-Host unless TRUST_PROXY says a proxy stands
 * in front (issue 26, finding 14: a forged X-Forwarded-Host equal to a foreign Origin passed).
 */
type HeaderReader = { get(name: string): string | null };

function originHost(origin: string | null): string | null {
  try {
    return origin ? new URL(origin).host : null;
  } catch {
    return null; // e.g. "null" from a sandboxed frame
  }
}

/** The host the client addressed (a trusted proxy's X-Forwarded-Host, else Host). */
const requestHost = (headers: HeaderReader) => headers.get('x-forwarded-host') ?? headers.get('host');

/** True when Origin is present and names the requested host. */
export function hasSameOrigin(headers: HeaderReader): boolean {
  const host = requestHost(headers);
  return !!host && originHost(headers.get('origin')) === host;
}
