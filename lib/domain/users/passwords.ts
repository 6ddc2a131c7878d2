/**
 * Dashboard passwords: bcrypt hashes (bcryptjs, pure JavaScript), never the password itself.
 */
import { randomBytes } from 'node:crypto';
import bcrypt from 'bcryptjs';

/** bcrypt cost; 10 takes ~70 ms on this kind of machine, enough for an operator-created account. */
export const BCRYPT_ROUNDS = 10;
export { MAX_PASSWORD_BYTES, MIN_PASSWORD_LENGTH } from './password-rules';

export function hashPassword(password: string): Promise<string> {
  return bcrypt.hash(password, BCRYPT_ROUNDS);
}

export function verifyPassword(password: string, hash: string): Promise<boolean> {
  return bcrypt.compare(password, hash);
}

/** A random password of 24 URL-safe characters (144 bits), to be shown once. */
export function generatePassword(): string {
  return randomBytes(18).toString('base64url');
}
