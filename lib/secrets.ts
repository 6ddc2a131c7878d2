/**
 * Secrets the embedded default generates for itself: taken from the environment when set,
 * otherwise created once into DATA_DIR (mode 0600) and reused. Production must set them.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

const cache = new Map<string, string>();

export function persistentSecret(envVar: string, fileName: string): string {
  const fromEnv = process.env[envVar];
  if (fromEnv) return fromEnv;
  const cached = cache.get(fileName);
  if (cached) return cached;
  if (process.env.APP_ENV === 'production') throw new Error(`${envVar} must be set in production.`);
  const file = path.resolve(/*turbopackIgnore: true*/ process.env.DATA_DIR ?? './.data', fileName);
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
