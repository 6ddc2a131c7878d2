import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { entriesFromZod, envelope, statusOf, toPointer } from '@/lib/http/errors';

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
  it('escapes JSON pointer tokens', () => {
    expect(toPointer(['a/b', 'c~d', 0])).toBe('/a~1b/c~0d/0');
  });
});
