/**
 * Participant identifiers are encrypted at rest with AES-256-GCM. The key comes from
 * ENCRYPTION_KEY (64 hex characters or base64 of 32 bytes); without it, outside production, a key
 * is generated once into DATA_DIR/encryption.key.
 */
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { persistentSecret } from '@/lib/secrets';

const PREFIX = 'enc:v1:';
let cachedKey: Buffer | undefined;

function parseKey(text: string): Buffer {
  const trimmed = text.trim();
  const key = /^[0-9a-f]{64}$/i.test(trimmed) ? Buffer.from(trimmed, 'hex') : Buffer.from(trimmed, 'base64');
  if (key.length !== 32) throw new Error('ENCRYPTION_KEY must be 32 bytes: 64 hex characters or base64.');
  return key;
}

function encryptionKey(): Buffer {
  cachedKey ??= parseKey(persistentSecret('ENCRYPTION_KEY', 'encryption.key'));
  return cachedKey;
}

export function sealIdentifierValue(plain: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', encryptionKey(), iv);
  const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return PREFIX + Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64');
}

export function openIdentifierValue(stored: string): string {
  if (!stored.startsWith(PREFIX)) return stored; // written before encryption existed
  const raw = Buffer.from(stored.slice(PREFIX.length), 'base64');
  const decipher = createDecipheriv('aes-256-gcm', encryptionKey(), raw.subarray(0, 12));
  decipher.setAuthTag(raw.subarray(12, 28));
  return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8');
}
