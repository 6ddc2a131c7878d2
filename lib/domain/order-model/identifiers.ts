/** Participant identifiers are encrypted at rest (lib/secrets.ts, AES-256-GCM). */
export { sealSecret as sealIdentifierValue, openSecret as openIdentifierValue } from '@/lib/secrets';
