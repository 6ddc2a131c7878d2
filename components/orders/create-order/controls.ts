/**
 * How the inputs become members of the request body, and a field's error message in plain words.
 */
import { get, useFormState, type RegisterOptions } from 'react-hook-form';
import type { FormInput } from './types';

/** Empty inputs are absent members, not empty strings. */
export const optional = { setValueAs: (v: unknown) => (v === '' || v === null ? undefined : v) } satisfies RegisterOptions;
/** A select of ids is a reference `{ "id": ... }`, or absent when nothing is chosen. */
export const reference = { setValueAs: (v: unknown) => (typeof v === 'string' && v !== '' ? { id: v } : undefined) } satisfies RegisterOptions;
/** The callback member `{ "url": ... }`, absent when the input is empty. */
export const callbackUrl = { setValueAs: (v: unknown) => (typeof v === 'string' && v.trim() !== '' ? { url: v.trim() } : undefined) } satisfies RegisterOptions;
/** A local date and time, sent as an ISO instant. */
export const instant = { setValueAs: (v: string) => (v ? new Date(v).toISOString() : undefined) } satisfies RegisterOptions;

/** Messages of the schema and the server that name members or speak zod, in the form's words. */
const PLAIN: Array<[RegExp, string | ((m: RegExpExecArray) => string)]> = [
  [/ is required for the email delivery method\.?$/, 'Required to send the pass by e-mail.'],
  [/ is required for the sms delivery method\.?$/, 'Required to send the pass by text message.'],
  [/ is required for the nearestClinic schedule strategy\.?$/, 'Required to find the clinic nearest the participant.'],
  [/must be in the future\.?$/, 'Choose a time in the future.'],
  [/^Invalid URL$/, 'Enter a full web address, such as https://example.com/hooks.'],
  [/^Invalid email address$/, 'Enter a valid e-mail address, such as name@example.com.'],
  [/E\.164 phone number/, 'Enter the number with + and the country code, such as +12145550123.'],
  [/numbering plan/, 'This is not a phone number that exists: check the country code and the digits, such as +12145550123.'],
  [/^Too big: expected string to have <=(\d+) characters?$/, (m) => `Use at most ${m[1]} characters.`],
  [/^Invalid ISO date/, 'Enter a valid date.'],
  [/^birthDate must not be in the future$/, 'The date of birth cannot be in the future.'],
];

/** zod's wording for a missing value, and messages that speak in member paths, in plain words. */
export function plainMessage(message: string | undefined): string | undefined {
  if (!message) return undefined;
  if (/received (undefined|null)$/.test(message) || /^Too small: expected string to have >=1 characters?$/.test(message)) return 'Required.';
  if (message.startsWith('Invalid option')) return 'Choose one of the options.';
  for (const [pattern, words] of PLAIN) {
    const match = pattern.exec(message);
    if (match) return typeof words === 'string' ? words : words(match);
  }
  return message;
}

/** The error message of a control (or of its group, e.g. `participant.address`), from the schema or the server. */
export function useFieldError(): (name: string) => string | undefined {
  const { errors } = useFormState<FormInput>();
  return (name) =>
    plainMessage((get(errors, name) as { message?: string } | undefined)?.message ?? (get(errors, `${name}.root`) as { message?: string } | undefined)?.message);
}
