/**
 * Request bodies read with a bound, for every route that reads one (the API's wrapper, sign-in and
 * the rest of next-auth, invitation acceptance, the pass page's clinic choice). A declared
 * Content-Length over the bound is refused before a byte is read; a chunked body is read part by
 * part and refused as soon as it passes the bound, so no request can make the server hold more
 * than the bound in memory (issue 26, finding 1: 300 MB sign-in forms raised the server to 2.3 GB).
 */
import { DomainError } from '@/lib/domain/errors';

/** The 413 of a body over `limit` bytes (lib/http/errors.ts closes the connection with it). */
export const bodyTooLarge = (limit: number) => new DomainError('tooBig', `The request body exceeds ${limit} bytes.`);

/** The body's bytes, at most `limit` of them; throws the 413 `tooBig` past it. */
export async function readBodyUpTo(request: Request, limit: number): Promise<Buffer> {
  const declared = Number(request.headers.get('content-length') ?? '0');
  if (declared > limit) throw bodyTooLarge(limit);
  if (!request.body) return Buffer.alloc(0);
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await drainBriefly(reader);
      throw bodyTooLarge(limit);
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks, size);
}

/** What is read and dropped past the limit before the 413, at most. */
export const DRAIN = { bytes: 512 * 1024, ms: 200 };

/**
 * Past the limit, what has already arrived is read and dropped (at most DRAIN) before the 413 is
 * answered, then reading stops without a cancel (a cancel destroys the socket, sometimes before the
 * 413 is written). A server that closes with bytes unread resets the connection, and a reset makes
 * the client drop the answer it had not read yet: the client would see a broken connection instead
 * of the 413. The 413 closes the connection (lib/http/errors.ts); what comes later is never read.
 */
async function drainBriefly(reader: ReadableStreamDefaultReader<Uint8Array>): Promise<void> {
  const deadline = Date.now() + DRAIN.ms;
  let timer: NodeJS.Timeout | undefined;
  try {
    for (let drained = 0; drained < DRAIN.bytes; ) {
      const left = deadline - Date.now();
      if (left <= 0) break;
      const read = reader.read();
      read.catch(() => undefined); // rejected by releaseLock() below if the time runs out first
      const next = await Promise.race([read, new Promise<null>((resolve) => (timer = setTimeout(() => resolve(null), left)))]);
      clearTimeout(timer);
      if (next === null || next.done) break;
      drained += next.value.byteLength;
    }
  } finally {
    clearTimeout(timer);
    reader.releaseLock(); // a read still pending is rejected, not left waiting
  }
}

/** The body as UTF-8 text, at most `limit` bytes of it. */
export async function readTextUpTo(request: Request, limit: number): Promise<string> {
  return (await readBodyUpTo(request, limit)).toString('utf8');
}
