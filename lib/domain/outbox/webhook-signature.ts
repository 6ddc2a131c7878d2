/**
 * Standard Webhooks signing (https://www.standardwebhooks.com): the signed content is
 * `${webhook-id}.${webhook-timestamp}.${body}`, the key is the base64 part of the tenant's
 * `whsec_` secret, and the header value is `v1,<base64 HMAC-SHA256>`.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

export const WEBHOOK_SECRET_PREFIX = 'whsec_';

/** The HMAC key of a `whsec_...` secret (the prefix is optional, as the specification allows). */
export function webhookSecretKey(secret: string): Buffer {
  const encoded = secret.startsWith(WEBHOOK_SECRET_PREFIX) ? secret.slice(WEBHOOK_SECRET_PREFIX.length) : secret;
  const key = Buffer.from(encoded, 'base64');
  if (key.length === 0) throw new Error('The webhook signing secret is empty or not base64.');
  return key;
}

/** The `webhook-signature` header value for one attempt. */
export function signWebhook(args: { secret: string; id: string; timestamp: number; body: string }): string {
  const digest = createHmac('sha256', webhookSecretKey(args.secret)).update(`${args.id}.${args.timestamp}.${args.body}`).digest('base64');
  return `v1,${digest}`;
}

/** The headers of one delivery attempt (`timestamp` in unix seconds). */
export function webhookHeaders(args: { secret: string; id: string; timestamp: number; body: string }): Record<string, string> {
  return {
    'content-type': 'application/json',
    'user-agent': WEBHOOK_USER_AGENT,
    'webhook-id': args.id,
    'webhook-timestamp': String(args.timestamp),
    'webhook-signature': signWebhook(args),
  };
}

export const WEBHOOK_USER_AGENT = 'drug-testing-orders-webhooks/2';

/**
 * Verifies a `webhook-signature` header (any of its space-separated `v1,` signatures) — what a
 * receiver does; used by our tests and handy for integrators' examples.
 */
export function verifyWebhookSignature(args: { secret: string; id: string; timestamp: number; body: string; header: string }): boolean {
  const expected = Buffer.from(signWebhook(args).slice(3), 'base64');
  return args.header.split(' ').some((part) => {
    const [version, signature] = part.split(',', 2);
    if (version !== 'v1' || !signature) return false;
    const given = Buffer.from(signature, 'base64');
    return given.length === expected.length && timingSafeEqual(given, expected);
  });
}
