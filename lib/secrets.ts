/**
 * Secrets the embedded default generates for itself: taken from the environment when set,
 * otherwise created once into DATA_DIR (mode 0600) and reused. Production must set them.
 */
import { createCipheriv, createDecipheriv, createHmac, createSecretKey, hkdfSync, randomBytes, type KeyObject } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { env } from '@/lib/config/env';

const cache = new Map<string, string>();

export function persistentSecret(envVar: 'NEXTAUTH_SECRET' | 'ENCRYPTION_KEY', fileName: string): string {
  const fromEnv = env[envVar];
  if (fromEnv) return fromEnv;
  const cached = cache.get(fileName);
  if (cached) return cached;
  if (env.APP_ENV === 'production') throw new Error(`${envVar} must be set in production.`);
  const file = path.resolve(/*turbopackIgnore: true*/ env.DATA_DIR, fileName);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  try {
    fs.writeFileSync(file, randomBytes(32).toString('hex'), { flag: 'wx', mode: 0o600 });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  const value = fs.readFileSync(file, 'utf8').trim();
  cache.set(fileName, value);
  return value;
}

// -- Values encrypted at rest with AES-256-GCM (participant identifiers, pass and invitation
// tokens, message addresses). The key comes from ENCRYPTION_KEY (64 hex characters or base64 of 32
// bytes); without it, outside production, a key is generated once into DATA_DIR/encryption.key.

const PREFIX = 'enc:v1:';
// A KeyObject made once: given a Buffer, every cipher would import the key again.
let cachedKey: KeyObject | undefined;

function parseKey(text: string): Buffer {
  const trimmed = text.trim();
  const key = /^[0-9a-f]{64}$/i.test(trimmed) ? Buffer.from(trimmed, 'hex') : Buffer.from(trimmed, 'base64');
  if (key.length !== 32) throw new Error('ENCRYPTION_KEY must be 32 bytes: 64 hex characters or base64.');
  return key;
}

function encryptionKey(): KeyObject {
  cachedKey ??= createSecretKey(parseKey(persistentSecret('ENCRYPTION_KEY', 'encryption.key')));
  return cachedKey;
}

export function sealSecret(plain: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', encryptionKey(), iv);
  const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return PREFIX + Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64');
}

export function openSecret(stored: string): string {
  if (!stored.startsWith(PREFIX)) return stored; // written before encryption existed
  const raw = Buffer.from(stored.slice(PREFIX.length), 'base64');
  const decipher = createDecipheriv('aes-256-gcm', encryptionKey(), raw.subarray(0, 12));
  decipher.setAuthTag(raw.subarray(12, 28));
  return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8');
}

// -- Keyed digests, to count or find a value without storing it in clear: HMAC-SHA256 under a key
// derived (HKDF) from the encryption key for each purpose. Unlike a plain SHA-256, a digest of a
// phone number cannot be reversed by trying every number without the key.
const digestKeys = new Map<string, KeyObject>();

export function keyedDigest(purpose: string, value: string): string {
  let key = digestKeys.get(purpose);
  if (!key) digestKeys.set(purpose, (key = createSecretKey(Buffer.from(hkdfSync('sha256', encryptionKey(), Buffer.alloc(0), `dto:${purpose}`, 32)))));
  return createHmac('sha256', key).update(value, 'utf8').digest('hex');
}
