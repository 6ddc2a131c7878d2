/**
 * Pass tokens (DESIGN.md 6.1): 32 random bytes (256 bits) in base64url, the only credential of the
 * pass page. Stored twice: the sha256 hex for lookup (`order_passes.token_hash`) and sealed with
 * the encryption key for display (`token_encrypted`); never in clear.
 */
import { createHash, randomBytes } from 'node:crypto';
import { publicUrl } from '@/lib/config/public-url';

export const PASS_TOKEN_BYTES = 32;

export const newPassToken = () => randomBytes(PASS_TOKEN_BYTES).toString('base64url');

export const hashPassToken = (token: string) => createHash('sha256').update(token, 'utf8').digest('hex');

/** What a pass token looks like (43 base64url characters); anything else is not looked up. */
export const isPassTokenShape = (token: string) => /^[A-Za-z0-9_-]{43}$/.test(token);

/** The link a participant opens: `PUBLIC_URL/pass/{token}`. */
export const passUrl = (token: string) => `${publicUrl()}/pass/${token}`;
