/**
 * POST /api/v2/orders refuses a callback URL whose host is not public, in whatever form the address
 * is written (issue 13, finding 1). The api project runs with ALLOW_PRIVATE_CALLBACKS=true, so these
 * cases switch it off and restore it after.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { call, expectError, token, withTestDatabase } from './harness';
import { orderBody } from './orders-fixtures';

withTestDatabase();

const post = async (body: unknown) => call('POST', '/api/v2/orders', { token: await token(), body });

describe('POST /api/v2/orders: callback.url must name a public host', () => {
  const previous = process.env.ALLOW_PRIVATE_CALLBACKS;
  beforeEach(() => {
    process.env.ALLOW_PRIVATE_CALLBACKS = 'false';
  });
  afterEach(() => {
    process.env.ALLOW_PRIVATE_CALLBACKS = previous;
  });

  describe('400 invalidValue /callback/url', () => {
    it.each([
      'https://[::ffff:127.0.0.1]:39443/h',
      'https://[::ffff:169.254.169.254]/latest/meta-data',
      'https://[64:ff9b::7f00:1]/h',
      'https://[::127.0.0.1]/h',
      'https://[2002:7f00:1::]/h',
      'https://[2001:0:4136:e378:8000:63bf:3fff:fdd2]/h',
      'https://[fd00::1]/h',
      'https://2130706433/h',
      'https://0x7f.1/h',
      'https://127.1/h',
      'https://localhost./h',
      'https://metadata.google.internal/computeMetadata/v1/',
      'https://metadata/computeMetadata/v1/',
    ])('%s', async (url) => {
      expectError(await post(orderBody({ callback: { url } })), 400, 'invalidValue', '/callback/url');
    });
  });

  describe('201 Created', () => {
    it.each(['https://[2606:4700::1111]/h', 'https://[::ffff:8.8.8.8]/h', 'https://[2002:808:808::]/h', 'https://8.8.8.8/h'])(
      '%s',
      async (url) => {
        const res = await post(orderBody({ callback: { url } }));
        expect(res.status, JSON.stringify(res.body)).toBe(201);
      },
    );
  });
});
