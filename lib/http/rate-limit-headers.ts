/** The rate-limit headers of a response: the principal's quota, and Retry-After once it is used up. */
import type { RateLimitResult } from '@/lib/rate-limit';

export function rateLimitHeaders(r: RateLimitResult, limited = false): Record<string, string> {
  return {
    'RateLimit-Limit': String(r.limit),
    'RateLimit-Remaining': String(r.remaining),
    'RateLimit-Reset': String(r.reset),
    ...(limited ? { 'Retry-After': String(r.reset) } : {}),
  };
}
