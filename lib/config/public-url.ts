/**
 * The base of every link sent to people (passes, invitations): PUBLIC_URL, or the local server
 * (`http://localhost:$PORT`) when unset. No trailing slash.
 */
import { env } from './env';

export function publicUrl(): string {
  const configured = env.PUBLIC_URL?.trim();
  if (configured) return configured.replace(/\/+$/, '');
  return `http://localhost:${env.PORT}`;
}
