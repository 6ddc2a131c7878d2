import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { DomainError } from '@/lib/domain/errors';
import { entriesFromZod, envelope, errorHeaders, InvalidRequest, statusOf, statusOfError, toPointer } from '@/lib/http/errors';

function entries(schema: z.ZodType, input: unknown) {
  const result = schema.safeParse(input, { reportInput: true });
  if (result.success) throw new Error('expected a failure');
  return entriesFromZod(result.error, 'body');
}

describe('zod issues become envelope entries', () => {
  const Body = z.strictObject({
    name: z.string().min(2),
    age: z.number().int().max(120),
    tags: z.array(z.string()).max(1),
    kind: z.enum(['a', 'b']),
    nested: z.strictObject({ 'a/b': z.string() }),
  });

  it('a missing member is `required` with its pointer', () => {
    const e = entries(Body, { age: 1, tags: [], kind: 'a', nested: { 'a/b': 'x' } });
    expect(e).toEqual([{ code: 'required', detail: '"name" is required.', pointer: '/name' }]);
  });

  it('codes are the camelCased zod 4 issue codes', () => {
    const e = entries(Body, { name: 'x', age: 'old', tags: ['a', 'b'], kind: 'c', nested: { 'a/b': 1 }, extra: true });
    expect(e.map((x) => [x.code, x.pointer])).toEqual(
      expect.arrayContaining([
        ['tooSmall', '/name'],
        ['invalidType', '/age'],
        ['tooBig', '/tags'],
        ['invalidValue', '/kind'],
        ['invalidType', '/nested/a~1b'],
        ['unrecognizedKeys', '/extra'],
      ]),
    );
    for (const x of e) expect(x.detail.length).toBeGreaterThan(5);
  });

  it('custom rules carry their own code', () => {
    const schema = z.object({ a: z.string() }).superRefine((_, ctx) => ctx.addIssue({ code: 'custom', message: 'b is needed', path: ['b'], params: { code: 'required' } }));
    expect(entries(schema, { a: 'x' })).toEqual([{ code: 'required', detail: 'b is needed', pointer: '/b' }]);
  });
});

describe('envelope (spec 2.12)', () => {
  it('has statusCode, the reason phrase and one entry per problem; source only with a pointer', () => {
    expect(envelope(404, [{ code: 'notFound', detail: 'Order was not found.' }])).toEqual({
      statusCode: 404,
      error: 'Not Found',
      errors: [{ code: 'notFound', detail: 'Order was not found.' }],
    });
    expect(envelope(400, [{ code: 'required', detail: 'x', pointer: '/agency' }]).errors[0].source).toEqual({ pointer: '/agency' });
  });
  it('maps codes to statuses', () => {
    expect([statusOf('unauthenticated'), statusOf('insufficientScope'), statusOf('notFound'), statusOf('invalidState'), statusOf('conflict'), statusOf('tooSmall')]).toEqual([401, 403, 404, 422, 409, 400]);
  });
  it('maps the codes of the wrapper and the rate limits to their statuses', () => {
    expect([statusOf('invalidOrigin'), statusOf('tooBig'), statusOf('tooManyRequests'), statusOf('methodNotAllowed')]).toEqual([403, 413, 429, 405]);
  });
  it('an invalid request is 400 whatever its codes: a zod tooBig is a value out of range, not an oversized body', () => {
    const invalid = new InvalidRequest([{ code: 'tooBig', detail: '"limit": too big.', pointer: '/limit' }, { code: 'conflict', detail: 'x' }]);
    expect(statusOfError(invalid)).toBe(400);
    expect(invalid.entries.map((e) => e.code)).toEqual(['tooBig', 'conflict']);
    expect(errorHeaders(invalid)).toEqual({});
    expect(statusOfError(new DomainError('tooBig', 'The request body exceeds 1048576 bytes.'))).toBe(413);
  });
  it('headers come from the status and the meta: Connection: close with 413, the rate-limit headers with 429', () => {
    expect(errorHeaders(new DomainError('tooBig', 'too large'))).toEqual({ Connection: 'close' });
    expect(errorHeaders(new DomainError('tooManyRequests', 'slow down', { meta: { limit: 120, retryAfterSeconds: 17 } }))).toEqual({
      'RateLimit-Limit': '120',
      'RateLimit-Remaining': '0',
      'RateLimit-Reset': '17',
      'Retry-After': '17',
    });
    expect(errorHeaders(new DomainError('notFound', 'Order was not found.'))).toEqual({});
  });
  it('escapes JSON pointer tokens', () => {
    expect(toPointer(['a/b', 'c~d', 0])).toBe('/a~1b/c~0d/0');
  });
});
