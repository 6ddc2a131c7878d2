/**
 * One HTTP attempt of a webhook: POST the body to the callback URL with the Standard Webhooks
 * headers. The safety rules of the issue:
 * - the host is resolved first, and the request connects to exactly the addresses checked (no
 *   second lookup an attacker could rebind); every address must be public unicast by the same
 *   classifier as order creation (`isPublicAddress`), unless ALLOW_PRIVATE_CALLBACKS=true. A refused
 *   target is never connected to, so its error names the addresses only and is the same whatever
 *   the port (nothing to tell an open port from a closed one);
 * - redirects are never followed (a 3xx is a failed attempt);
 * - a timeout (default 10 s, at most 15 s) covers connecting, sending and reading the answer;
 * - at most 64 KiB of the response body is read (kept only to report errors);
 * - connections are kept alive between attempts (a busy worker would otherwise open one TCP and
 *   TLS connection per event), but only to the addresses checked for this attempt: the pool of
 *   idle connections is keyed by host, port and the checked addresses, so a connection is reused
 *   only when the host still resolves to exactly the addresses it was opened to. Idle connections
 *   close after 2 s (before the 5 s of common servers), and a request on a reused connection that
 *   the server closed meanwhile (ECONNRESET or EPIPE before any answer) is sent once more on a new
 *   connection, as Node's documentation advises; a connection is never reused after a timeout, an
 *   error or an oversized answer.
 */
import dns from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import net, { type LookupFunction } from 'node:net';
import { env } from '@/lib/config/env';
import { runtime } from '@/lib/runtime';
import { isPublicAddress } from '@/lib/domain/outbox/callback-url';

export const MAX_TIMEOUT_MS = 15_000;
export const DEFAULT_TIMEOUT_MS = 10_000;
export const MAX_RESPONSE_BYTES = 64 * 1024;

export interface SendOptions {
  url: string;
  headers: Record<string, string>;
  body: string;
  timeoutMs?: number;
  allowPrivate?: boolean;
  /** Host resolution, replaceable in tests; defaults to `dns.lookup(host, { all: true })`. */
  resolve?: (host: string) => Promise<Array<{ address: string; family: number }>>;
}

export interface SendResult {
  /** True for a 2xx answer. */
  ok: boolean;
  statusCode: number | null;
  durationMs: number;
  error: string | null;
  /** Up to 64 KiB of the answer, as text. */
  responseBody: string | null;
}

export function timeoutFromEnv(): number {
  return Math.min(env.WEBHOOK_TIMEOUT_MS, MAX_TIMEOUT_MS);
}

const systemResolve = (host: string) => dns.promises.lookup(host, { all: true, verbatim: true });

class AttemptError extends Error {}

/** Idle kept-alive connections close after this long. */
export const IDLE_SOCKET_MS = 2_000;

type PinnedOptions = http.RequestOptions & { pinned?: string };

/** Pools connections by host, port and the checked addresses (`pinned`), never by host alone. */
class PinnedHttpAgent extends http.Agent {
  getName(options: PinnedOptions): string {
    return `${super.getName(options)}|${options.pinned ?? ''}`;
  }
}
class PinnedHttpsAgent extends https.Agent {
  getName(options: https.RequestOptions & { pinned?: string }): string {
    return `${super.getName(options)}|${options.pinned ?? ''}`;
  }
}
const agentOptions = { keepAlive: true, timeout: IDLE_SOCKET_MS, maxFreeSockets: 64, scheduling: 'lifo' as const };

declare module '@/lib/runtime' {
  interface Runtime {
    /** The kept-alive connections of webhook attempts, one pool per process (lib/worker/send.ts). */
    webhookAgents?: { http: http.Agent; https: https.Agent };
  }
}
const agents = () => (runtime().webhookAgents ??= { http: new PinnedHttpAgent(agentOptions), https: new PinnedHttpsAgent(agentOptions) });

async function resolveTarget(url: URL, options: SendOptions): Promise<Array<{ address: string; family: number }>> {
  const host = url.hostname.replace(/^\[|\]$/g, '');
  let addresses: Array<{ address: string; family: number }>;
  if (net.isIP(host)) addresses = [{ address: host, family: net.isIP(host) }];
  else {
    try {
      addresses = await (options.resolve ?? systemResolve)(host);
    } catch (error) {
      throw new AttemptError(`DNS lookup of ${host} failed: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`);
    }
  }
  if (addresses.length === 0) throw new AttemptError(`DNS lookup of ${host} returned no address`);
  if (!options.allowPrivate) {
    const refused = addresses.filter((a) => !isPublicAddress(a.address));
    if (refused.length)
      throw new AttemptError(
        `Refused: ${host} resolves to a private, loopback, link-local or metadata address (${refused.map((a) => a.address).join(', ')}); ` +
          'set ALLOW_PRIVATE_CALLBACKS=true only in development and tests',
      );
  }
  return addresses;
}

/** A `lookup` that answers with the addresses already checked, whatever form the caller wants. */
function pinnedLookup(addresses: Array<{ address: string; family: number }>): LookupFunction {
  return ((_host: string, opts: dns.LookupOptions, callback: (...args: unknown[]) => void) => {
    const wanted = opts?.family === 4 || opts?.family === 6 ? addresses.filter((a) => a.family === opts.family) : addresses;
    const list = wanted.length ? wanted : addresses;
    if (opts?.all) callback(null, list);
    else callback(null, list[0].address, list[0].family);
  }) as unknown as LookupFunction;
}

function describe(error: unknown): string {
  const e = error as NodeJS.ErrnoException;
  if (e?.code === 'ECONNREFUSED') return `Connection refused (${e.message.replace(/^connect ECONNREFUSED /, '')})`;
  if (e?.code) return `${e.code}: ${e.message}`;
  return e?.message ?? String(error);
}

export async function sendWebhook(options: SendOptions): Promise<SendResult> {
  const started = performance.now();
  const timeoutMs = Math.min(options.timeoutMs ?? DEFAULT_TIMEOUT_MS, MAX_TIMEOUT_MS);
  const elapsed = () => Math.round(performance.now() - started);
  const failure = (error: string, statusCode: number | null = null, responseBody: string | null = null): SendResult => ({
    ok: false,
    statusCode,
    durationMs: elapsed(),
    error,
    responseBody,
  });

  let url: URL;
  try {
    url = new URL(options.url);
  } catch {
    return failure(`Invalid callback URL: ${options.url}`);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return failure(`Unsupported callback URL scheme ${url.protocol}`);

  let addresses: Array<{ address: string; family: number }>;
  try {
    addresses = await resolveTarget(url, options);
  } catch (error) {
    return failure(error instanceof AttemptError ? error.message : describe(error));
  }

  const pinned = addresses.map((a) => a.address).join(',');
  return new Promise<SendResult>((resolve) => {
    let settled = false;
    let statusCode: number | null = null;
    const chunks: Buffer[] = [];
    let size = 0;
    let request: http.ClientRequest;
    /** `keep`: the answer was read to its end, so the connection may serve another attempt. */
    const finish = (result: SendResult, keep = false) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      if (!keep) request.destroy();
      resolve(result);
    };
    /** The outcome once the status is known: only the status decides; the body explains failures. */
    const outcome = (complete = false) => {
      const code = statusCode ?? 0;
      const text = Buffer.concat(chunks).toString('utf8');
      if (code >= 200 && code < 300) return finish({ ok: true, statusCode: code, durationMs: elapsed(), error: null, responseBody: text }, complete);
      const excerpt = text.trim().replace(/\s+/g, ' ').slice(0, 200);
      const reason = code >= 300 && code < 400 ? `Redirect ${code} not followed` : `HTTP ${code}`;
      finish(failure(excerpt ? `${reason}: ${excerpt}` : reason, code, text), complete);
    };
    const client = url.protocol === 'https:' ? https : http;
    const send = (agent: http.Agent | false) => {
      const requestOptions: PinnedOptions = {
        method: 'POST',
        headers: { ...options.headers, 'content-length': String(Buffer.byteLength(options.body)) },
        lookup: pinnedLookup(addresses),
        agent,
        pinned,
      };
      const req = client.request(url, requestOptions);
      request = req;
      req.on('error', (error: NodeJS.ErrnoException) => {
        if (settled || req !== request) return;
        // The server closed an idle kept-alive connection as we reused it: nothing was answered, send again on a new one.
        if (statusCode === null && req.reusedSocket && agent && (error.code === 'ECONNRESET' || error.code === 'EPIPE')) return send(false);
        if (statusCode !== null) outcome();
        else finish(failure(describe(error)));
      });
      req.on('response', (response) => {
        statusCode = response.statusCode ?? 0;
        response.on('data', (chunk: Buffer) => {
          const room = MAX_RESPONSE_BYTES - size;
          if (room > 0) chunks.push(chunk.length > room ? chunk.subarray(0, room) : chunk);
          size += chunk.length;
          if (size >= MAX_RESPONSE_BYTES) outcome();
        });
        response.on('end', () => outcome(true));
        response.on('close', () => outcome());
        response.on('error', () => outcome());
      });
      req.end(options.body);
    };
    const timer = setTimeout(() => {
      if (statusCode !== null) outcome();
      else finish(failure(`Timed out after ${timeoutMs} ms`));
    }, timeoutMs);
    send(url.protocol === 'https:' ? agents().https : agents().http);
  });
}
