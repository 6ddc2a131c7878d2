/**
 * next-auth v4 reads its own variables from process.env. It builds absolute URLs from NEXTAUTH_URL;
 * when that is not set (e.g. the server on any port of localhost), it may take the origin from the
 * request's Host / X-Forwarded-* headers only when AUTH_TRUST_HOST says so. Set here, in lib/config,
 * the one place that touches process.env.
 */
import { env } from './env';

export function trustRequestHostWithoutNextAuthUrl(): void {
  if (!env.NEXTAUTH_URL) process.env.AUTH_TRUST_HOST ??= 'true';
}
