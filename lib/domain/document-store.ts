/**
 * Document bytes in an S3-compatible object store (issue 34), when `DOCUMENT_STORE_URL` is
 * `s3://bucket/prefix`: PostgreSQL keeps each document's metadata and SHA-256, the store its bytes
 * under `<prefix>/<tenant>/<order>/<document>` (`documents.storage_key` holds that key). Without the
 * setting there is no store and the bytes stay in `document_contents`, the embedded default.
 *
 * Through the AWS SDK v3 (`@aws-sdk/client-s3`), so AWS S3 and the stores that speak its protocol
 * (MinIO, Ceph, R2, ...) alike: `DOCUMENT_STORE_ENDPOINT` points at another one, with path-style
 * addressing. Credentials are `AWS_ACCESS_KEY_ID`/`AWS_SECRET_ACCESS_KEY` (`AWS_SESSION_TOKEN`)
 * when set, else the SDK's default chain (an instance or task role, web identity).
 *
 * What is checked:
 * - an upload sends the SHA-256 (`x-amz-checksum-sha256`: a store that checks refuses other bytes)
 *   and keeps it in the object's metadata (`x-amz-meta-sha256`); the store's answer is compared with
 *   what was sent: its SHA-256 when it returns one, else a plain MD5 ETag. A mismatch deletes the
 *   object and refuses the upload.
 * - a download compares the object's length and metadata SHA-256 with the document's before a byte
 *   is sent, and hashes the bytes as they stream: the last part is held back until the SHA-256 of the
 *   whole is the document's, so a client never receives a complete file other than the one uploaded.
 * - a store that cannot be reached (a refused or reset connection, a time-out, a 5xx) is 503
 *   `serviceUnavailable` with Retry-After, like a database that cannot be reached.
 */
import { createHash } from 'node:crypto';
import type { Readable } from 'node:stream';
import { DeleteObjectCommand, GetObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { env, parseDocumentStoreUrl } from '@/lib/config/env';
import { isDatabaseUnavailable, UNAVAILABLE_RETRY_AFTER_SECONDS } from '@/lib/db/unavailable';
import { DomainError } from '@/lib/domain/errors';
import { log } from '@/lib/log';

export interface StoredObject {
  /** The bytes, streamed from the store; errors instead of ending when they are not the document's. */
  body: ReadableStream<Uint8Array>;
}

export interface DocumentStore {
  readonly bucket: string;
  /** The object key of a document: `<prefix>/<tenant>/<order>/<document>`. */
  keyOf(tenantId: string, orderId: string, documentId: string): string;
  /** Writes the bytes and checks that the store holds what was sent (else deletes them and throws). */
  put(key: string, bytes: Uint8Array, sha256: string, contentType: string): Promise<void>;
  /**
   * Opens an object whose bytes must be `size` long with SHA-256 `sha256`; `onVerified` gets the
   * parts once the whole body streamed and matched (the content cache keeps them).
   */
  open(key: string, expected: { size: number; sha256: string }, onVerified?: (parts: Uint8Array[], size: number) => void): Promise<StoredObject>;
  /** Deletes an object; one that is already gone is not an error. */
  delete(key: string): Promise<void>;
}

/** Parts kept for `onVerified` only up to this many bytes (the content cache's own file limit). */
const KEEP_PARTS_UP_TO = 8 * 1024 * 1024;

/** Error names of the SDK and of S3 that mean "not now" rather than "not so". */
const TRANSIENT_NAMES = new Set(['TimeoutError', 'RequestTimeout', 'RequestTimeTooSkewed', 'SlowDown', 'ServiceUnavailable', 'InternalError', 'BadDigest']);

/** Whether a failure of the store is one to try again later (503) rather than a fault (500). */
export function isStoreUnavailable(error: unknown): boolean {
  if (isDatabaseUnavailable(error)) return true; // the same socket errors: ECONNREFUSED, ETIMEDOUT, ...
  const e = error as { name?: unknown; $metadata?: { httpStatusCode?: number } } | null;
  if (!e || typeof e !== 'object') return false;
  if (typeof e.name === 'string' && TRANSIENT_NAMES.has(e.name)) return true;
  return (e.$metadata?.httpStatusCode ?? 0) >= 500;
}

function reasonOf(error: unknown): string {
  for (let current = error, depth = 0; current && depth < 6; current = (current as { cause?: unknown }).cause, depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string') return code;
    if (current instanceof AggregateError && current.errors[0]) return reasonOf(current.errors[0]);
  }
  const name = (error as { name?: unknown })?.name;
  return typeof name === 'string' ? name : 'error';
}

/** The 503 a request answers when the store cannot serve it now. */
export function storeUnavailable(reason: string): DomainError {
  return new DomainError(
    'serviceUnavailable',
    `The document store cannot be reached right now (${reason}); nothing was written. Try again in ${UNAVAILABLE_RETRY_AFTER_SECONDS} seconds.`,
    { meta: { retryAfterSeconds: UNAVAILABLE_RETRY_AFTER_SECONDS } },
  );
}

/** A failure of the store as the request should answer it: 503 when transient, else the error itself (a logged 500). */
function asRequestError(error: unknown, action: string, key: string): unknown {
  if (error instanceof DomainError) return error;
  log(isStoreUnavailable(error) ? 'warn' : 'error', 'document store failed', { action, key, error: String(error), reason: reasonOf(error) });
  return isStoreUnavailable(error) ? storeUnavailable(reasonOf(error)) : error;
}

const hex = (base64: string) => Buffer.from(base64, 'base64').toString('hex');

class S3DocumentStore implements DocumentStore {
  constructor(
    readonly bucket: string,
    private readonly prefix: string,
    private readonly client: S3Client,
  ) {}

  keyOf(tenantId: string, orderId: string, documentId: string): string {
    return [this.prefix, tenantId, orderId, documentId].filter(Boolean).join('/');
  }

  async put(key: string, bytes: Uint8Array, sha256: string, contentType: string): Promise<void> {
    let answer;
    try {
      answer = await this.client.send(
        new PutObjectCommand({
          Bucket: this.bucket,
          Key: key,
          Body: bytes,
          ContentLength: bytes.byteLength,
          ContentType: contentType,
          ChecksumSHA256: Buffer.from(sha256, 'hex').toString('base64'),
          Metadata: { sha256 },
        }),
      );
    } catch (error) {
      throw asRequestError(error, 'put', key);
    }
    // What the store says it holds: its SHA-256 if it computed one, else a single-part ETag (an MD5).
    const etag = /^"?([0-9a-f]{32})"?$/i.exec(answer.ETag ?? '')?.[1]?.toLowerCase();
    const held = answer.ChecksumSHA256 ? hex(answer.ChecksumSHA256) : null;
    const matches = held !== null ? held === sha256 : etag ? etag === createHash('md5').update(bytes).digest('hex') : true;
    if (!matches) {
      log('error', 'document store holds other bytes than were sent', { key, sha256, storeSha256: held, etag: answer.ETag });
      await this.delete(key).catch(() => undefined);
      throw new DomainError(
        'serviceUnavailable',
        `The document store answered a checksum other than the upload's (SHA-256 ${sha256}); the object was removed and nothing was written. Try again in ${UNAVAILABLE_RETRY_AFTER_SECONDS} seconds.`,
        { meta: { retryAfterSeconds: UNAVAILABLE_RETRY_AFTER_SECONDS } },
      );
    }
  }

  async open(key: string, expected: { size: number; sha256: string }, onVerified?: (parts: Uint8Array[], size: number) => void): Promise<StoredObject> {
    let answer;
    try {
      answer = await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: key }));
    } catch (error) {
      throw asRequestError(error, 'get', key);
    }
    const source = answer.Body as unknown as Readable & AsyncIterable<Uint8Array>;
    const stated = answer.Metadata?.sha256;
    if (answer.ContentLength !== expected.size || (stated !== undefined && stated !== expected.sha256)) {
      source.destroy?.();
      log('error', 'document store object does not match its document', { key, size: answer.ContentLength, expectedSize: expected.size, sha256: stated, expectedSha256: expected.sha256 });
      throw new DomainError(
        'internalError',
        `The stored bytes of this document are not the ones uploaded (${answer.ContentLength} bytes, SHA-256 ${stated ?? 'not stated'}; expected ${expected.size} bytes, SHA-256 ${expected.sha256}); the download is refused.`,
      );
    }
    return { body: verifiedStream(source, key, expected, onVerified) };
  }

  async delete(key: string): Promise<void> {
    try {
      // S3 answers 204 for a key that is not there: deleting twice is fine.
      await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: key }));
    } catch (error) {
      if ((error as { name?: unknown }).name === 'NoSuchKey') return;
      throw asRequestError(error, 'delete', key);
    }
  }
}

/**
 * The object's bytes as a web stream, hashed as they pass; the last part is held back until the
 * end, and the stream errors instead of handing it over when the SHA-256 is not the document's.
 */
function verifiedStream(
  source: Readable & AsyncIterable<Uint8Array>,
  key: string,
  expected: { size: number; sha256: string },
  onVerified?: (parts: Uint8Array[], size: number) => void,
): ReadableStream<Uint8Array> {
  const iterator = source[Symbol.asyncIterator]();
  const hash = createHash('sha256');
  const kept: Uint8Array[] | null = onVerified && expected.size <= KEEP_PARTS_UP_TO ? [] : null;
  let held: Uint8Array | null = null;
  let size = 0;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      for (;;) {
        const { value, done } = await iterator.next();
        if (done) {
          const sha256 = hash.digest('hex');
          if (sha256 !== expected.sha256 || size !== expected.size) {
            log('error', 'document store object does not match its document', { key, size, sha256, expectedSize: expected.size, expectedSha256: expected.sha256 });
            controller.error(new Error(`The stored bytes of ${key} do not match the document's SHA-256; the download was cut short.`));
            return;
          }
          if (held) controller.enqueue(held);
          controller.close();
          if (kept) onVerified!(kept, size);
          return;
        }
        const part = new Uint8Array(value.buffer, value.byteOffset, value.byteLength);
        hash.update(part);
        size += part.byteLength;
        kept?.push(part);
        const previous = held;
        held = part;
        if (previous) {
          controller.enqueue(previous);
          return;
        }
      }
    },
    async cancel() {
      source.destroy?.();
    },
  });
}

const stores = new Map<string, DocumentStore>();

/** The configured store, or null when documents stay in PostgreSQL (`DOCUMENT_STORE_URL` unset). */
export function documentStore(): DocumentStore | null {
  const url = env.DOCUMENT_STORE_URL;
  if (!url) return null;
  const settings = [url, env.DOCUMENT_STORE_ENDPOINT, env.AWS_REGION, env.AWS_ACCESS_KEY_ID, env.AWS_SECRET_ACCESS_KEY, env.AWS_SESSION_TOKEN];
  // One client per settings (tests change them between files of one process).
  const cacheKey = JSON.stringify(settings);
  let store = stores.get(cacheKey);
  if (!store) {
    const { bucket, prefix } = parseDocumentStoreUrl(url)!;
    const client = new S3Client({
      region: env.AWS_REGION ?? 'us-east-1',
      ...(env.DOCUMENT_STORE_ENDPOINT ? { endpoint: env.DOCUMENT_STORE_ENDPOINT, forcePathStyle: true } : {}),
      ...(env.AWS_ACCESS_KEY_ID && env.AWS_SECRET_ACCESS_KEY
        ? { credentials: { accessKeyId: env.AWS_ACCESS_KEY_ID, secretAccessKey: env.AWS_SECRET_ACCESS_KEY, sessionToken: env.AWS_SESSION_TOKEN } }
        : {}),
      // The SHA-256 is sent and checked explicitly (above); the SDK's own default CRC32 trailers are
      // not understood by every S3-compatible store.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
      maxAttempts: 3,
      requestHandler: { connectionTimeout: 5_000, requestTimeout: 60_000 },
    });
    store = new S3DocumentStore(bucket, prefix, client);
    stores.set(cacheKey, store);
  }
  return store;
}

/** The store that holds a document's bytes; throws when they are in one and none is configured. */
export function storeOf(storageKey: string): DocumentStore {
  const store = documentStore();
  if (!store) throw new Error(`A document's bytes are in the object store (key ${storageKey}), but DOCUMENT_STORE_URL is not set.`);
  return store;
}
