/** The contract check every API call of the suite passes through (./contract.ts) can fail. */
import { describe, expect, it } from 'vitest';
import { contractViolation } from './contract';

describe('the response contract of the API tests', () => {
  it('an Order without its members breaks GET /orders/{id}; an unknown status too', () => {
    expect(contractViolation('GET', '/api/v2/orders/abc', 200, { id: 'abc' })).toMatch(/^getOrder 200: /);
    expect(contractViolation('GET', '/api/v2/orders/abc', 202, {})).toBe('getOrder does not declare status 202');
  });

  it('an error answer is the spec envelope, with the status it is sent with', () => {
    const envelope = { statusCode: 404, error: 'Not Found', errors: [{ code: 'notFound', detail: 'Order not found.' }] };
    expect(contractViolation('GET', '/api/v2/orders/abc', 404, envelope)).toBeNull();
    expect(contractViolation('GET', '/api/v2/orders/abc', 400, envelope)).toBe('statusCode 404 in a 400 answer');
    expect(contractViolation('GET', '/api/v2/orders/abc', 404, { message: 'nope' })).toMatch(/^the error envelope: /);
    expect(contractViolation('GET', '/api/v2/orders/abc', 404, { ...envelope, errors: [] })).toMatch(/^the error envelope: errors: /);
  });

  it('a file and what is not /api/v2 are not JSON representations', () => {
    expect(contractViolation('GET', '/api/v2/documents/abc/content', 200, Buffer.from('%PDF'))).toBeNull();
    expect(contractViolation('GET', '/api/health', 200, { anything: true })).toBeNull();
  });
});
