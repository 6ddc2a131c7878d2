/**
 * The forms' zod resolver: the schema's own checks, with zod's wording replaced by the plain words
 * of lib/domain/issue-words.ts (the same words the API's error entries use).
 */
import { zodResolver } from '@hookform/resolvers/zod';
import type { FieldValues, Resolver } from 'react-hook-form';
import type { z } from 'zod';
import { issueWords } from '@/lib/domain/issue-words';

export function plainResolver<I extends FieldValues, O>(schema: z.ZodType<O, I>): Resolver<I, unknown, O> {
  return zodResolver(schema, { error: issueWords }) as unknown as Resolver<I, unknown, O>;
}
