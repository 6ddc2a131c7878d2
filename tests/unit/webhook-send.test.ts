/** One HTTP attempt against a real loopback server (lib/worker/send.ts). */
import http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sendWebhook, MAX_RESPONSE_BYTES, timeoutFromEnv } from '@/lib/worker/send';

let handler: (req: http.IncomingMessage, res: http.ServerResponse) => void = (_req, res) => res.end();
const received: Array<{ method?: string; headers: http.IncomingHttpHeaders; body: string }> = [];
const sockets = new Set<Socket>();
/** Every TCP connection the receiver accepted: a refused target must leave it unchanged. */
let connections = 0;
const server = http.createServer((req, res) => {
  const chunks: Buffer[] = [];
  req.on('data', (c: Buffer) => chunks.push(c));
  req.on('end', () => {
    received.push({ method: req.method, headers: req.headers, body: Buffer.concat(chunks).toString() });
    handler(req, res);
  });
});
server.on('connection', (s) => {
  connections++;
  sockets.add(s);
  s.on('close', () => sockets.delete(s));
});
let base: string;
beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  for (const s of sockets) s.destroy();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

const send = (extra: Partial<Parameters<typeof sendWebhook>[0]> = {}) =>
  sendWebhook({ url: `${base}/hook`, headers: { 'content-type': 'application/json', 'webhook-id': 'evt_1' }, body: '{"x":1}', allowPrivate: true, timeoutMs: 2_000, ...extra });

describe('sendWebhook', () => {
  it('POSTs the body with the headers and reports a 2xx as delivered', async () => {
    handler = (_req, res) => res.writeHead(202).end('thanks');
    const result = await send();
    expect(result).toMatchObject({ ok: true, statusCode: 202, error: null, responseBody: 'thanks' });
    const last = received.at(-1)!;
    expect(last).toMatchObject({ method: 'POST', body: '{"x":1}' });
    expect(last.headers).toMatchObject({ 'content-type': 'application/json', 'webhook-id': 'evt_1', 'content-length': '7' });
  });

  it('reads at most 64 KiB of the answer', async () => {
    handler = (_req, res) => {
      res.writeHead(500);
      res.end('x'.repeat(1024 * 1024));
    };
    const result = await send();
    expect(result).toMatchObject({ ok: false, statusCode: 500 });
    expect(result.responseBody!.length).toBe(MAX_RESPONSE_BYTES);
    expect(result.error!.length).toBeLessThan(300);
  });

  it('does not follow redirects', async () => {
    let followed = false;
    handler = (req, res) => {
      if (req.url === '/elsewhere') followed = true;
      res.writeHead(301, { location: `${base}/elsewhere` }).end();
    };
    expect(await send()).toMatchObject({ ok: false, statusCode: 301, error: 'Redirect 301 not followed' });
    expect(followed).toBe(false);
  });

  it('times out', async () => {
    handler = () => {};
    const result = await send({ timeoutMs: 200 });
    expect(result).toMatchObject({ ok: false, statusCode: null, error: 'Timed out after 200 ms' });
    expect(result.durationMs).toBeGreaterThanOrEqual(190);
  });

  it('a 2xx whose body never ends still counts as delivered at the timeout', async () => {
    handler = (_req, res) => {
      res.writeHead(200);
      res.write('partial');
    };
    expect(await send({ timeoutMs: 200 })).toMatchObject({ ok: true, statusCode: 200 });
  });

  it('caps the timeout at 15 s', () => {
    process.env.WEBHOOK_TIMEOUT_MS = '60000';
    expect(timeoutFromEnv()).toBe(15_000);
    process.env.WEBHOOK_TIMEOUT_MS = '2500';
    expect(timeoutFromEnv()).toBe(2_500);
    delete process.env.WEBHOOK_TIMEOUT_MS;
    expect(timeoutFromEnv()).toBe(10_000);
  });

  it('reports a refused connection', async () => {
    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const result = await send({ url: `http://127.0.0.1:${port}/hook` });
    expect(result).toMatchObject({ ok: false, statusCode: null });
    expect(result.error).toMatch(/^Connection refused/);
  });

  describe('without ALLOW_PRIVATE_CALLBACKS: a target that is not public is refused before connecting', () => {
    const refusal = /^Refused: .* resolves to a private, loopback, link-local or metadata address/;

    it('refuses the loopback receiver by every spelling of its address, and never connects to it', async () => {
      const port = new URL(base).port;
      const before = connections;
      for (const host of ['127.0.0.1', '[::ffff:127.0.0.1]', '[::ffff:7f00:1]', '[::127.0.0.1]', '[64:ff9b::7f00:1]', '[2002:7f00:1::]', '2130706433', '0x7f.1', '127.1']) {
        const result = await send({ allowPrivate: false, url: `http://${host}:${port}/hook` });
        expect(result, host).toMatchObject({ ok: false, statusCode: null });
        expect(result.error, host).toMatch(refusal);
      }
      expect(connections).toBe(before);
    });

    it('checks every address a host name resolves to, in every IPv6 form', async () => {
      const before = connections;
      const addresses = [
        '127.0.0.1', '10.1.2.3', '192.168.1.1', '172.16.0.1', '169.254.169.254', '100.64.0.1', '0.0.0.0',
        '::1', 'fd00::1', 'fe80::1', '::ffff:7f00:1', '::ffff:a9fe:a9fe', '64:ff9b::7f00:1', '::7f00:1', '2002:7f00:1::', '2001::1',
      ];
      for (const address of addresses) {
        const family = address.includes(':') ? 6 : 4;
        // a public address beside the refused one does not make the host acceptable
        const resolve = async () => [{ address: '93.184.216.34', family: 4 }, { address, family }];
        const r = await send({ allowPrivate: false, url: `http://hooks.example.test:${new URL(base).port}/x`, resolve });
        expect(r.error, address).toMatch(/^Refused: hooks\.example\.test resolves to a private, loopback, link-local or metadata address/);
        expect(r.error, address).toContain(`(${address})`);
      }
      expect(connections).toBe(before);
    });

    it('gives the same error for an open and a closed port on a refused target', async () => {
      const openPort = new URL(base).port;
      const closed = http.createServer();
      await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
      const closedPort = (closed.address() as AddressInfo).port;
      await new Promise<void>((resolve) => closed.close(() => resolve()));
      handler = (_req, res) => res.writeHead(200).end();
      const before = connections;
      for (const host of ['127.0.0.1', '[::ffff:127.0.0.1]', '[64:ff9b::7f00:1]', '[::127.0.0.1]']) {
        const open = await send({ allowPrivate: false, url: `http://${host}:${openPort}/hook` });
        const shut = await send({ allowPrivate: false, url: `http://${host}:${closedPort}/hook` });
        expect(open.error, host).toMatch(refusal);
        expect(shut.error, host).toBe(open.error);
        expect(shut.statusCode).toBe(open.statusCode);
      }
      expect(connections).toBe(before);
    });

    it('connects to the same receiver when private callbacks are allowed', async () => {
      handler = (_req, res) => res.writeHead(200).end();
      const before = connections;
      expect(await send({ allowPrivate: true, url: `http://[::ffff:127.0.0.1]:${new URL(base).port}/hook` })).toMatchObject({ ok: true, statusCode: 200 });
      expect(connections).toBe(before + 1);
    });
  });

  it('connects to the address it checked (no second DNS lookup)', async () => {
    handler = (_req, res) => res.writeHead(200).end();
    const port = new URL(base).port;
    let lookups = 0;
    const result = await send({
      url: `http://receiver.example.test:${port}/hook`,
      resolve: async () => {
        lookups++;
        return [{ address: '127.0.0.1', family: 4 }];
      },
    });
    expect(result).toMatchObject({ ok: true, statusCode: 200 });
    expect(lookups).toBe(1);
    expect(received.at(-1)!.headers.host).toBe(`receiver.example.test:${port}`);
  });

  it('rejects other schemes and bad URLs', async () => {
    expect((await send({ url: 'ftp://example.com/x' })).error).toMatch(/scheme/);
    expect((await send({ url: 'not a url' })).error).toMatch(/Invalid callback URL/);
  });
});
