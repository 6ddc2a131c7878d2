/**
 * How the inputs become members of the request body, and a field's error message in plain words
 * (the one mapper of every form: lib/domain/issue-words.ts).
 */
import { get, useFormState, type RegisterOptions } from 'react-hook-form';
import { useTimeZone } from '@/components/ui/time-zone';
import { plainWords } from '@/lib/domain/issue-words';
import { fromZonedInputValue } from '@/lib/format/time';
import type { FormInput } from './types';

/** Empty inputs are absent members, not empty strings. */
export const optional = { setValueAs: (v: unknown) => (v === '' || v === null ? undefined : v) } satisfies RegisterOptions;
/** A select of ids is a reference `{ "id": ... }`, or absent when nothing is chosen. */
export const reference = { setValueAs: (v: unknown) => (typeof v === 'string' && v !== '' ? { id: v } : undefined) } satisfies RegisterOptions;
/** The callback member `{ "url": ... }`, absent when the input is empty. */
export const callbackUrl = { setValueAs: (v: unknown) => (typeof v === 'string' && v.trim() !== '' ? { url: v.trim() } : undefined) } satisfies RegisterOptions;
/**
 * A date and time typed in the page's zone (the user's, named in the header; not the browser's),
 * sent as an ISO instant; a value that is not a time stays as typed, for the schema to refuse.
 */
export function useInstant() {
  const timeZone = useTimeZone();
  return {
    setValueAs: (v: string) => {
      if (!v) return undefined;
      const ms = fromZonedInputValue(v, timeZone);
      return Number.isNaN(ms) ? v : new Date(ms).toISOString();
    },
  } satisfies RegisterOptions;
}

/** The error message of a control (or of its group, e.g. `participant.address`), from the schema or the server. */
export function useFieldError(): (name: string) => string | undefined {
  const { errors } = useFormState<FormInput>();
  return (name) =>
    plainWords((get(errors, name) as { message?: string } | undefined)?.message ?? (get(errors, `${name}.root`) as { message?: string } | undefined)?.message);
}
