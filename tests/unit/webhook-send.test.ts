/** One HTTP attempt against a real loopback server (lib/worker/send.ts). */
import http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sendWebhook, MAX_RESPONSE_BYTES, timeoutFromEnv } from '@/lib/worker/send';

let handler: (req: http.IncomingMessage, res: http.ServerResponse) => void = (_req, res) => res.end();
const received: Array<{ method?: string; headers: http.IncomingHttpHeaders; body: string }> = [];
const sockets = new Set<Socket>();
const server = http.createServer((req, res) => {
  const chunks: Buffer[] = [];
  req.on('data', (c: Buffer) => chunks.push(c));
  req.on('end', () => {
    received.push({ method: req.method, headers: req.headers, body: Buffer.concat(chunks).toString() });
    handler(req, res);
  });
});
server.on('connection', (s) => {
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
    expect(result.durationMs).toBeLessThan(1_500);
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

  it('refuses private addresses before connecting, unless allowed', async () => {
    const count = received.length;
    const loopback = await send({ allowPrivate: false });
    expect(loopback.error).toMatch(/^Refused: 127\.0\.0\.1 resolves to a private/);
    for (const address of ['10.1.2.3', '192.168.1.1', '172.16.0.1', '169.254.169.254', '::1', 'fd00::1', '100.64.0.1']) {
      const r = await send({ allowPrivate: false, url: 'https://hooks.example.test/x', resolve: async () => [{ address, family: address.includes(':') ? 6 : 4 }] });
      expect(r.error, address).toMatch(/^Refused: hooks\.example\.test resolves to/);
    }
    expect(received.length).toBe(count);
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
