/**
 * The base of every link sent to people (passes, invitations): PUBLIC_URL, or the local server
 * (`http://localhost:$PORT`) when unset. No trailing slash.
 */
export function publicUrl(): string {
  const configured = process.env.PUBLIC_URL?.trim();
  if (configured) return configured.replace(/\/+$/, '');
  return `http://localhost:${process.env.PORT?.trim() || '3000'}`;
}
