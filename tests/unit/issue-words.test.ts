/**
 * The one mapper from zod issues to plain words (lib/domain/issue-words.ts): the words a form shows
 * under a control, and the `detail` of the API's 400 entries (lib/http/errors.ts entriesFromZod).
 */
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { issueWords, plainWords } from '@/lib/domain/issue-words';
import { entriesFromZod } from '@/lib/http/errors';
import { CreateOrderBody } from '@/lib/domain/orders/schemas';
import { CreateCompanyBody } from '@/lib/domain/companies/schemas';

/** The messages a form's resolver gets: the schema parsed with the mapper. */
function formMessages(schema: z.ZodType, input: unknown): Record<string, string> {
  const result = schema.safeParse(input, { error: issueWords });
  if (result.success) return {};
  return Object.fromEntries(result.error.issues.map((i) => [i.path.join('.'), i.message]));
}

/** The API's entries for the same input (parsed as lib/http/route.ts does). */
function apiDetails(schema: z.ZodType, input: unknown): Record<string, string> {
  const result = schema.safeParse(input, { reportInput: true });
  if (result.success) return {};
  return Object.fromEntries(entriesFromZod(result.error, 'body').map((e) => [e.pointer, e.detail]));
}

const sample = z.strictObject({
  name: z.string().trim().min(1).max(5),
  code: z.string().min(3),
  email: z.email(),
  site: z.url(),
  when: z.iso.datetime({ offset: true }),
  day: z.iso.date(),
  kind: z.enum(['email', 'sms']),
  count: z.number().int().min(1).max(10),
  list: z.array(z.string()).min(1),
  phone: z.string().regex(/^\+\d+$/, 'must be an E.164 phone number such as +12145550123'),
});

describe('issueWords: a form under its controls', () => {
  it('every built-in issue in words, none of zod’s wording; a schema’s own message kept', () => {
    const messages = formMessages(sample, {
      name: '   ', code: 'ab', email: 'nope', site: 'x', when: 'soon', day: '2026-02-30', kind: 'fax', count: 11, list: [], phone: '555',
    });
    expect(messages).toEqual({
      name: 'Must not be blank.',
      code: 'Must have at least 3 characters.',
      email: 'Must be a valid e-mail address, such as name@example.com.',
      site: 'Must be a full web address, such as https://example.com/hooks.',
      when: 'Must be a date and time with its offset, such as 2026-05-01T14:30:00Z.',
      day: 'Must be a date (YYYY-MM-DD), such as 2026-05-01.',
      kind: 'Must be one of: email, sms.',
      count: 'Must be at most 10.',
      list: 'Must have at least 1 item.',
      phone: 'must be an E.164 phone number such as +12145550123',
    });
    expect(formMessages(sample, { name: 'toolong' }).name).toBe('Must have at most 5 characters.');
    expect(formMessages(sample, {}).name).toBe('Required.');
    expect(formMessages(sample, { count: 'x' }).count).toBe('Must be a number.');
  });

  it('a setup dialog’s missing and blank members: no "Too small" nor "Invalid input"', () => {
    const messages = Object.values(formMessages(CreateCompanyBody, { name: '' }));
    expect(messages.length).toBeGreaterThan(0);
    for (const m of messages) expect(m).not.toMatch(/Too small|Too big|Invalid input|expected|received/);
  });
});

describe('plainWords: what a form shows', () => {
  it.each([
    ['Must be a valid e-mail address, such as name@example.com.', 'Enter a valid e-mail address, such as name@example.com.'],
    ['Must have at most 30 characters.', 'Use at most 30 characters.'],
    ['Must be one of: email, sms.', 'Choose one of the options.'],
    ['must be an E.164 phone number such as +12145550123', 'Enter the number with + and the country code, such as +12145550123.'],
    ['"participant.address.state" is required.', 'Required.'],
    ['"otherTestReason" must not be blank.', 'Required.'],
    ['incident.delayReason is required: the alcohol test is more than 2 hours after the incident.', 'Required: the alcohol test is more than 2 hours after the incident.'],
    ['participant.email is required for the email delivery method.', 'Required to send the pass by e-mail.'],
    ['Must not be blank.', 'Required.'],
    ['returnToDutyOrder must be final and negative; it is pending.', 'Choose an order with a final negative result: this one is pending.'],
    ['This location does not allow the "clinic" schedule strategy.', 'This location does not allow the "clinic" schedule strategy.'],
  ])('%j -> %j', (message, words) => {
    expect(plainWords(message)).toBe(words);
  });
});

describe('entriesFromZod: the API’s details in the same words', () => {
  it('names the member, then the words; a schema’s own message as before', () => {
    expect(apiDetails(sample, { name: '  ', code: 'abc', email: 'a@b.co', site: 'https://x.example', when: '2026-01-01T00:00:00Z', day: '2026-01-01', kind: 'fax', count: 0, list: ['a'], phone: '1' })).toEqual({
      '/name': '"name" must not be blank.',
      '/kind': '"kind" must be one of: email, sms.',
      '/count': '"count" must be at least 1.',
      '/phone': '"phone": must be an E.164 phone number such as +12145550123.',
    });
  });

  it('otherTestReason of spaces on POST /orders: tooSmall in words', () => {
    const body = {
      deliveryMethods: [{ type: 'none' }], location: { id: 'l' }, package: { id: 'p' }, participant: { firstName: 'A', lastName: 'B' },
      requester: { email: 'a@b.co' }, settings: {}, testReason: 'other', otherTestReason: '   ',
    };
    const result = CreateOrderBody.safeParse(body, { reportInput: true });
    expect(result.success).toBe(false);
    const entries = entriesFromZod(result.error!, 'body');
    expect(entries).toEqual([{ code: 'tooSmall', detail: '"otherTestReason" must not be blank.', pointer: '/otherTestReason' }]);
  });
});
