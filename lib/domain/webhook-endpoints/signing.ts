/** The secrets that sign an endpoint's delivery: its own, and the one before a rotation while the overlap lasts. */
import { openSecret } from '@/lib/secrets';

export function endpointSigningSecrets(sealed: { secret: string; previousSecret: string | null }): string[] {
  return [openSecret(sealed.secret), ...(sealed.previousSecret ? [openSecret(sealed.previousSecret)] : [])];
}
