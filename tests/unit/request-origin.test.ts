import { describe, expect, it } from 'vitest';
import { clientAddressOf } from '../../scripts/lib/request-origin.mjs';

describe('the client address (scripts/lib/request-origin.mjs)', () => {
  it('without trusted proxies it is the socket address, whatever X-Forwarded-For claims', () => {
    expect(clientAddressOf('192.0.2.1', '203.0.113.9', 0)).toBe('192.0.2.1');
    expect(clientAddressOf('192.0.2.1', undefined, 0)).toBe('192.0.2.1');
  });

  it('behind n trusted proxies it is the n-th entry from the right: entries left of it were written by the client', () => {
    // client -> proxy A (appends the client's address) -> us
    expect(clientAddressOf('10.0.0.2', 'forged, 198.51.100.7', 1)).toBe('198.51.100.7');
    // client -> proxy A -> proxy B -> us: B appended A's address, A appended the client's
    expect(clientAddressOf('10.0.0.3', 'forged, 198.51.100.7, 10.0.0.2', 2)).toBe('198.51.100.7');
  });

  it('a chain shorter than the trusted hops gives its left-most entry; no header gives the socket', () => {
    expect(clientAddressOf('10.0.0.2', '198.51.100.7', 3)).toBe('198.51.100.7');
    expect(clientAddressOf('10.0.0.2', undefined, 1)).toBe('10.0.0.2');
    expect(clientAddressOf('10.0.0.2', ' , ', 1)).toBe('10.0.0.2');
  });
});
