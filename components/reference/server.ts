/** Server-side helpers of the reference pages. */
import 'server-only';
import { notFound } from 'next/navigation';
import { DomainError } from '@/lib/domain/errors';

/** The domain's 404 (missing, or outside the user's access: the same to us) as Next.js's not-found page. */
export async function orNotFound<T>(promise: Promise<T>): Promise<T> {
  try {
    return await promise;
  } catch (error) {
    if (error instanceof DomainError && error.entries[0]?.code === 'notFound') notFound();
    throw error;
  }
}
