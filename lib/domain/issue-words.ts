/**
 * Plain words for what zod finds wrong: the one mapper every form and the API's error entries use.
 *
 * - `issueWords` is a zod 4 error map: the words of a built-in issue ("Must not be blank.", "Must
 *   have at most 30 characters."), never zod's own wording ("Too small: expected string to have
 *   >=1 characters"). A message the schema gives itself (`.regex(re, 'must be …')`, a refinement)
 *   wins over it: zod applies a per-parse map only where the schema says nothing. The API parses
 *   with it (lib/http/route.ts), and `entriesFromZod` makes `"member" must not be blank.` of it; the
 *   forms' resolvers validate with it (components/ui/form-resolver.ts).
 * - `plainWords` turns a message a form shows (the schema's own, or a server `detail` that names
 *   members) into the form's words: "Required to send the pass by e-mail.".
 */
import type { z } from 'zod';

type RawIssue = z.core.$ZodRawIssue;

const KIND: Record<string, string> = {
  string: 'text',
  number: 'a number',
  int: 'a whole number',
  boolean: 'true or false',
  object: 'an object',
  array: 'a list',
  date: 'a date',
  bigint: 'a whole number',
};

const FORMATS: Record<string, string> = {
  email: 'Must be a valid e-mail address, such as name@example.com.',
  url: 'Must be a full web address, such as https://example.com/hooks.',
  datetime: 'Must be a date and time with its offset, such as 2026-05-01T14:30:00Z.',
  date: 'Must be a date (YYYY-MM-DD), such as 2026-05-01.',
  time: 'Must be a time (HH:MM).',
  uuid: 'Must be a UUID.',
};

const plural = (n: number | bigint, one: string) => `${n} ${one}${Number(n) === 1 ? '' : 's'}`;

/** The size words of a too_small / too_big issue: what the value is measured in. */
function bound(issue: { origin: string; inclusive?: boolean }, n: number | bigint, least: boolean): string {
  const edge = least ? (issue.inclusive === false ? 'more than' : 'at least') : issue.inclusive === false ? 'less than' : 'at most';
  switch (issue.origin) {
    case 'string':
      return `Must have ${edge} ${plural(n, 'character')}.`;
    case 'array':
    case 'set':
      return `Must have ${edge} ${plural(n, 'item')}.`;
    case 'number':
    case 'int':
    case 'bigint':
      return `Must be ${edge} ${n}.`;
    case 'date':
      return `Must be ${least ? 'on or after' : 'on or before'} ${new Date(Number(n)).toISOString()}.`;
    default:
      return `Must be ${edge} ${n}.`;
  }
}

/** Plain words for a built-in zod issue; undefined for a refinement (its message is its author's). */
export function issueWords(issue: RawIssue): string | undefined {
  switch (issue.code) {
    case 'invalid_type':
      if (issue.input === undefined || issue.input === null) return 'Required.';
      return `Must be ${KIND[issue.expected] ?? issue.expected}.`;
    case 'too_small':
      if (issue.origin === 'string' && Number(issue.minimum) === 1) return 'Must not be blank.';
      return bound(issue, issue.minimum, true);
    case 'too_big':
      return bound(issue, issue.maximum, false);
    case 'invalid_format':
      if (issue.format === 'regex' || issue.format === 'starts_with' || issue.format === 'ends_with' || issue.format === 'includes') return 'Has the wrong format.';
      return FORMATS[issue.format] ?? 'Has the wrong format.';
    case 'invalid_value': {
      const values = issue.values.map((v) => (typeof v === 'string' ? v : JSON.stringify(v)));
      if (values.length === 1) return `Must be ${values[0]}.`;
      return values.length <= 12 ? `Must be one of: ${values.join(', ')}.` : 'Must be one of the allowed values.';
    }
    case 'not_multiple_of':
      return `Must be a multiple of ${issue.divisor}.`;
    case 'unrecognized_keys':
      return `Not recognized: ${issue.keys.join(', ')}.`;
    case 'invalid_union':
      return 'Does not match any accepted form.';
    case 'invalid_key':
    case 'invalid_element':
      return 'Has an invalid entry.';
    default:
      return undefined;
  }
}

/** `Must not be blank.` -> `must not be blank.`: the words after a member's name. */
export const afterName = (words: string) => words.charAt(0).toLowerCase() + words.slice(1);

/** Messages of schemas and of the server that name members or speak in code, in a form's words. */
const PLAIN: Array<[RegExp, string | ((m: RegExpExecArray) => string)]> = [
  // In a form a blank control is one not filled in.
  [/^Must not be blank\.$/, 'Required.'],
  [/^"[^"]+" must not be blank\.$/, 'Required.'],
  [/ is required for the email delivery method\.?$/, 'Required to send the pass by e-mail.'],
  [/ is required for the sms delivery method\.?$/, 'Required to send the pass by text message.'],
  [/ is required for the nearestClinic schedule strategy\.?$/, 'Required to find the clinic nearest the participant.'],
  [/must be in the future\.?$/, 'Choose a time in the future.'],
  [/E\.164 phone number/, 'Enter the number with + and the country code, such as +12145550123.'],
  [/numbering plan/, 'This is not a phone number that exists: check the country code and the digits, such as +12145550123.'],
  [/^birthDate must not be in the future$/, 'The date of birth cannot be in the future.'],
  [/^Must be a valid e-mail address, (such as .*)$/, (m) => `Enter a valid e-mail address, ${m[1]}`],
  [/^Must be a full web address, (such as .*)$/, (m) => `Enter a full web address, ${m[1]}`],
  [/^Must be a date \(YYYY-MM-DD\)/, 'Enter a valid date.'],
  [/^Must be a date and time/, 'Enter a valid date and time.'],
  [/^Must have at most (\d+) characters?\.$/, (m) => `Use at most ${m[1]} characters.`],
  [/^Must be one of: /, 'Choose one of the options.'],
  // A server detail naming its member (`"participant.email" must be …`, `incident.delayReason is required: …`).
  [/^"[^"]+" is required\.$/, 'Required.'],
  [/^"[^"]+" (must .*)$/, (m) => m[1].charAt(0).toUpperCase() + m[1].slice(1)],
  [/^[a-z][A-Za-z]*(\.[a-zA-Z0-9]+)+ is required: (.+)$/, (m) => `Required: ${m[2]}`],
  // A follow-up plan's return-to-duty order (lib/domain/follow-up/create-follow-up-plan.ts).
  [/^returnToDutyOrder must be final and negative; it is (\w+)\.$/, (m) => `Choose an order with a final negative result: this one is ${m[1]}.`],
];

/** A message a form shows, in plain words: a member's name or code talk gives way to what to do. */
export function plainWords(message: string | undefined): string | undefined {
  if (!message) return undefined;
  for (const [pattern, words] of PLAIN) {
    const match = pattern.exec(message);
    if (match) return typeof words === 'string' ? words : words(match);
  }
  return message;
}
