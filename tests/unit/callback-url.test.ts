import { afterEach, describe, expect, it } from 'vitest';
import { callbackUrlProblem, isPrivateAddress } from '@/lib/domain/webhooks/callback-url';

describe('callback URL safety', () => {
  const previous = process.env.ALLOW_PRIVATE_CALLBACKS;
  afterEach(() => {
    process.env.ALLOW_PRIVATE_CALLBACKS = previous;
  });

  it.each(['127.0.0.1', '10.1.2.3', '172.16.0.1', '192.168.1.1', '169.254.169.254', '0.0.0.0', '::1', 'fc00::1', 'fe80::1', '::ffff:127.0.0.1', '100.64.0.1'])(
    '%s is private',
    (ip) => expect(isPrivateAddress(ip)).toBe(true),
  );
  it.each(['8.8.8.8', '93.184.216.34', '2606:4700::1111'])('%s is public', (ip) => expect(isPrivateAddress(ip)).toBe(false));

  it('refuses private hosts, http and credentials unless private callbacks are allowed', () => {
    process.env.ALLOW_PRIVATE_CALLBACKS = 'false';
    expect(callbackUrlProblem('https://hooks.example.com/x')).toBeNull();
    expect(callbackUrlProblem('http://hooks.example.com/x')).toMatch(/https/);
    expect(callbackUrlProblem('https://127.0.0.1/x')).toMatch(/private/);
    expect(callbackUrlProblem('https://[::1]:8443/x')).toMatch(/private/);
    expect(callbackUrlProblem('https://localhost/x')).toMatch(/private/);
    expect(callbackUrlProblem('https://user:pw@hooks.example.com/x')).toMatch(/credentials/);
    process.env.ALLOW_PRIVATE_CALLBACKS = 'true';
    expect(callbackUrlProblem('http://127.0.0.1:9999/x')).toBeNull();
  });
});
