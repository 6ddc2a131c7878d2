import { describe, expect, it } from 'vitest';
import { call, expectError, token, withTestDatabase } from './harness';

withTestDatabase();

describe('unknown paths and methods', () => {
  it('404 notFound in the envelope for a path no operation serves', async () => {
    const res = await call('GET', '/api/v2/nothing/here', { token: await token() });
    expectError(res, 404, 'notFound');
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
  });

  it('405 in the envelope, with Allow, for a method the path does not support', async () => {
    const res = await call('DELETE', '/api/v2/services', { token: await token() });
    expectError(res, 405, 'methodNotAllowed');
    expect(res.body.error).toBe('Method Not Allowed');
    expect(res.headers.get('allow')).toBe('GET');
    const writable = await call('DELETE', '/api/v2/companies', { token: await token() });
    expectError(writable, 405, 'methodNotAllowed');
    expect(writable.headers.get('allow')).toBe('GET, POST');
  });

  it('every response carries X-Request-Id and JSON content type', async () => {
    const res = await call('GET', '/api/v2/agencies', { token: await token(), headers: { 'x-request-id': 'req-123' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('x-request-id')).toBe('req-123');
    expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8');
  });
});

describe('strings PostgreSQL cannot store', () => {
  it('400 invalidValue with the pointer for a NUL character in a query parameter or a body member', async () => {
    const t = await token();
    expectError(await call('GET', '/api/v2/companies', { token: t, query: { name: 'a\u0000b' } }), 400, 'invalidValue', '/name');
    const res = await call('POST', '/api/v2/orders', {
      token: t,
      rawBody: '{"participant": {"firstName": "P\\u0000t"}, "requester": {"x\\u0000": 1}}',
      headers: { 'content-type': 'application/json' },
    });
    expect(res.status).toBe(400);
    expect(res.body.errors.map((e) => e.source?.pointer).sort()).toEqual(['/participant/firstName', '/requester/x\u0000']);
  });
});
