import { describe, expect, it } from 'vitest';
import { safeRedirectPath } from '@/lib/auth/safe-redirect';

describe('safeRedirectPath: where sign-in may send the user', () => {
  it.each([
    ['/orders', '/orders'],
    ['/orders?x=1', '/orders?x=1'],
    ['/orders/ord_123?tab=services#history', '/orders/ord_123?tab=services#history'],
    ['/clinics?q=a%2Fb&near=10001', '/clinics?q=a%2Fb&near=10001'],
    ['/orders/new', '/orders/new'],
    // Normalised, still on this site.
    ['/orders/../clinics', '/clinics'],
    ['/a%2F%2Fb', '/a%2F%2Fb'],
  ])('accepts the local path %j as %j', (candidate, expected) => {
    expect(safeRedirectPath(candidate)).toBe(expected);
  });

  it.each([
    // Another origin, written out or protocol-relative.
    'https://evil.test',
    'http://evil.test/orders',
    '//evil.test',
    '///evil.test',
    // Schemes without slashes.
    'http:/evil.test',
    'http:evil.test',
    'javascript:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    // A backslash is a slash to a browser.
    '/\\evil.test',
    '\\\\evil.test',
    '/\\/evil.test',
    // Tabs and newlines are stripped by browsers: `/\t/evil.test` is `//evil.test`.
    '/\t/evil.test',
    '/\n/evil.test',
    '/\r\n/evil.test',
    '\t/evil.test',
    '/\n',
    '/\u0000',
    '/\u007f',
    // Dot segments that climb into a protocol-relative path.
    '/..//evil.test',
    '/.//evil.test',
    '/%2e%2e//evil.test',
    '/orders/..//evil.test',
    // Percent-encoded slashes, backslashes and controls at the start (a decoding proxy sees them).
    '/%2F%2Fevil.test',
    '/%2fevil.test',
    '/%5Cevil.test',
    '/%09/evil.test',
    '/%0A',
    '/%E0%A4%A', // not valid percent-encoding
    // Not a path at all.
    'orders',
    ' /orders',
    '',
  ])('refuses %j', (candidate) => {
    expect(safeRedirectPath(candidate)).toBe('/orders');
  });

  it('refuses what is not a string, and takes the fallback it is given', () => {
    expect(safeRedirectPath(undefined)).toBe('/orders');
    expect(safeRedirectPath(['/clinics'])).toBe('/orders');
    expect(safeRedirectPath('//evil.test', '/clinics')).toBe('/clinics');
  });
});
