import { randomBytes } from 'node:crypto';
import { uuidv7 } from 'uuidv7';

/** Opaque, time-ordered identifiers (UUID v7) for every new row. */
export function newId(): string {
  return uuidv7();
}

const CODE_ALPHABET = '23456789ABCDEFGHJKLMNPQRSTUVWXYZ'; // no 0/O, 1/I

/** Short human-readable order code, e.g. `K7Q3-9MZD`; unique per tenant by constraint. */
export function newOrderCode(): string {
  const bytes = randomBytes(8);
  let code = '';
  for (let i = 0; i < 8; i++) {
    code += CODE_ALPHABET[bytes[i] % CODE_ALPHABET.length];
    if (i === 3) code += '-';
  }
  return code;
}
