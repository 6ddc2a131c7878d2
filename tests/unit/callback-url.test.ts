/** Which callback targets a webhook may reach (lib/domain/outbox/callback-url.ts). */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { callbackUrlProblem, isPublicAddress } from '@/lib/domain/outbox/callback-url';

/** Every non-public form: plain ranges, then IPv6 forms carrying a non-public IPv4 address. */
const REFUSED_ADDRESSES = [
  // IPv4 ranges
  '127.0.0.1', '127.255.0.9', '10.1.2.3', '172.16.0.1', '192.168.1.1', '169.254.169.254', '0.0.0.0', '100.64.0.1',
  '224.0.0.1', '255.255.255.255', '240.0.0.1', '192.0.0.170', '192.0.2.1', '198.51.100.7', '203.0.113.9', '198.18.0.1',
  '192.88.99.1', '192.175.48.1', '192.52.193.1',
  // IPv6 ranges
  '::', '::1', 'fc00::1', 'fd12:3456::1', 'fe80::1', 'fe80::1%eth0', 'fec0::1', 'ff02::1', '2001:db8::1', '100::1',
  '2001:2::1', '2001:20::1', '3fff::1', '5f00::1', '4000::1',
  // IPv4-mapped, in both spellings, and IPv4-translated
  '::ffff:127.0.0.1', '::ffff:7f00:1', '::ffff:169.254.169.254', '::ffff:a9fe:a9fe', '::ffff:10.0.0.1', '::ffff:0:7f00:1',
  // IPv4-compatible (deprecated)
  '::127.0.0.1', '::7f00:1', '::8.8.8.8',
  // NAT64: the well-known prefix carries a private IPv4; the local-use prefix is refused outright
  '64:ff9b::7f00:1', '64:ff9b::127.0.0.1', '64:ff9b::a9fe:a9fe', '64:ff9b:1::808:808',
  // 6to4 with the IPv4 in bits 16..48
  '2002:7f00:1::', '2002:a9fe:a9fe::1', '2002:c0a8:101::',
  // Teredo
  '2001:0:4136:e378:8000:63bf:3fff:fdd2', '2001::1',
  // not an address at all
  'localhost', '', '2130706433',
];

const PUBLIC_ADDRESSES = [
  '8.8.8.8', '93.184.216.34', '1.1.1.1', '2606:4700::1111', '2a00:1450:4001:81b::200e',
  '::ffff:8.8.8.8', '::ffff:808:808', '64:ff9b::808:808', '2002:808:808::', '2002:808:808:1::1',
];

describe('isPublicAddress', () => {
  it.each(REFUSED_ADDRESSES)('%s is refused', (ip) => expect(isPublicAddress(ip)).toBe(false));
  it.each(PUBLIC_ADDRESSES)('%s is public', (ip) => expect(isPublicAddress(ip)).toBe(true));
});

describe('callbackUrlProblem', () => {
  const previous = process.env.ALLOW_PRIVATE_CALLBACKS;
  beforeEach(() => {
    process.env.ALLOW_PRIVATE_CALLBACKS = 'false';
  });
  afterEach(() => {
    // Assigning undefined would store the string "undefined" (DEP0104).
    if (previous === undefined) delete process.env.ALLOW_PRIVATE_CALLBACKS;
    else process.env.ALLOW_PRIVATE_CALLBACKS = previous;
  });

  describe('refuses a host that is not public', () => {
    it.each([
      // the URLs: the URL parser rewrites [::ffff:127.0.0.1] to [::ffff:7f00:1]
      'https://[::ffff:127.0.0.1]:39443/h',
      'https://[::ffff:169.254.169.254]/latest/meta-data',
      'https://[64:ff9b::7f00:1]/h',
      'https://[::127.0.0.1]/h',
      'https://[2002:7f00:1::]/h',
      'https://[2001:0:4136:e378:8000:63bf:3fff:fdd2]/h',
      'https://[fe80::1]/h',
      'https://[::1]:8443/x',
      'https://127.0.0.1/x',
      'https://169.254.169.254/latest',
      // IPv4 spellings the URL parser turns into 127.0.0.1
      'https://2130706433/h',
      'https://0x7f.1/h',
      'https://127.1/h',
      'https://0177.0.0.1/h',
      // local names, with and without the trailing dot, and single labels
      'https://localhost/x',
      'https://localhost./x',
      'https://api.localhost/x',
      'https://printer.local/x',
      'https://metadata.google.internal/computeMetadata',
      'https://metadata.google.internal./computeMetadata',
      'https://metadata/computeMetadata',
    ])('%s', (url) => expect(callbackUrlProblem(url)).toMatch(/private, loopback/));
  });

  describe('accepts a public host', () => {
    it.each([
      'https://hooks.example.com/x',
      'https://[2606:4700::1111]/h',
      'https://[::ffff:8.8.8.8]/h',
      'https://[2002:808:808::]/h',
      'https://8.8.8.8:8443/h',
    ])('%s', (url) => expect(callbackUrlProblem(url)).toBeNull());
  });

  it('refuses http and credentials', () => {
    expect(callbackUrlProblem('http://hooks.example.com/x')).toMatch(/https/);
    expect(callbackUrlProblem('https://user:pw@hooks.example.com/x')).toMatch(/credentials/);
  });

  it('allows private targets when ALLOW_PRIVATE_CALLBACKS=true', () => {
    process.env.ALLOW_PRIVATE_CALLBACKS = 'true';
    expect(callbackUrlProblem('http://127.0.0.1:9999/x')).toBeNull();
    expect(callbackUrlProblem('https://[::ffff:127.0.0.1]:39443/h')).toBeNull();
  });
});
