/**
 * Documents in an object store (issue 34): with `DOCUMENT_STORE_URL=s3://bucket/prefix` the bytes go
 * to an S3-compatible store (lib/domain/document-store.ts) and PostgreSQL keeps the metadata, the
 * SHA-256 and the object's key. Against a real local S3-protocol server (s3rver) this file starts,
 * through the AWS SDK like production; the bucket is read back with the SDK too.
 */
import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { DeleteObjectCommand, GetObjectCommand, ListObjectsV2Command, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { and, count, eq } from 'drizzle-orm';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents, documentContents, documents } from '@/lib/db/schema';
import { purgeExpiredDocuments } from '@/lib/domain/orders/retention';
import { DEMO } from '@/lib/seed';
import { call, db, expectError, get, token, withTestDatabase } from './harness';
import { createOrder, orderBody } from './orders-fixtures';
import { ownTenant } from './own-tenant';
import { fileBody, pdfBytes } from './samples/documents';

withTestDatabase();

const BUCKET = 'dto-documents';
const PREFIX = 'issue34/docs';
const SETTINGS = ['DOCUMENT_STORE_URL', 'DOCUMENT_STORE_ENDPOINT', 'AWS_ACCESS_KEY_ID', 'AWS_SECRET_ACCESS_KEY', 'AWS_REGION'] as const;
const sha256 = (b: Uint8Array) => createHash('sha256').update(b).digest('hex');

let server: S3rver;
let directory: string;
let endpoint: string;
let s3: S3Client;
let admin: string;
let order: { id: string; code: string };
const saved = Object.fromEntries(SETTINGS.map((name) => [name, process.env[name]]));

/** A port nothing listens on: one the system handed out and that was closed again. */
async function closedPort(): Promise<number> {
  const probe = http.createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

/** Runs `fn` with the store's endpoint set to `at` (the real one again afterwards). */
async function withEndpoint<T>(at: string, fn: () => Promise<T>): Promise<T> {
  process.env.DOCUMENT_STORE_ENDPOINT = at;
  try {
    return await fn();
  } finally {
    process.env.DOCUMENT_STORE_ENDPOINT = endpoint;
  }
}

/**
 * A relay in front of the store that flips the last byte of every PUT body on the way: the store
 * keeps other bytes than the API sent, as a faulty network or disk would.
 */
async function corruptingRelay(): Promise<{ url: string; close: () => Promise<void> }> {
  const relay = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      if (req.method === 'PUT' && body.length) body[body.length - 1] ^= 0xff;
      const upstream = http.request(`${endpoint}${req.url}`, { method: req.method, headers: req.headers }, (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      });
      upstream.on('error', () => res.destroy());
      upstream.end(body);
    });
  });
  await new Promise<void>((resolve) => relay.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(relay.address() as AddressInfo).port}`, close: () => new Promise((resolve) => relay.close(() => resolve())) };
}

beforeAll(async () => {
  directory = fs.mkdtempSync(path.join(os.tmpdir(), 'dto-s3-'));
  server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory, configureBuckets: [{ name: BUCKET }] });
  const { port } = await server.run();
  endpoint = `http://127.0.0.1:${port}`;
  // s3rver's own credentials; the service reads them as any AWS credentials.
  Object.assign(process.env, {
    DOCUMENT_STORE_URL: `s3://${BUCKET}/${PREFIX}`,
    DOCUMENT_STORE_ENDPOINT: endpoint,
    AWS_ACCESS_KEY_ID: 'S3RVER',
    AWS_SECRET_ACCESS_KEY: 'S3RVER',
    AWS_REGION: 'us-east-1',
  });
  s3 = new S3Client({ region: 'us-east-1', endpoint, forcePathStyle: true, credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' } });
  admin = await token();
  order = await createOrder();
});

afterAll(async () => {
  for (const name of SETTINGS) {
    if (saved[name] === undefined) delete process.env[name];
    else process.env[name] = saved[name];
  }
  s3?.destroy();
  await server?.close();
  if (directory) fs.rmSync(directory, { recursive: true, force: true });
});

const upload = (orderId: string, bytes: Uint8Array, bearer = admin) =>
  call('POST', `/api/v2/orders/${orderId}/documents`, { token: bearer, query: { type: 'mroLetter' }, body: fileBody(bytes, 'application/pdf') });
const download = (id: string, bearer = admin) => get(`/api/v2/documents/${id}/content`, { token: bearer });
const keysUnder = async (prefix: string) =>
  ((await s3.send(new ListObjectsV2Command({ Bucket: BUCKET, Prefix: prefix }))).Contents ?? []).map((o) => o.Key).sort();
const objectBytes = async (key: string) => Buffer.from(await (await s3.send(new GetObjectCommand({ Bucket: BUCKET, Key: key }))).Body!.transformToByteArray());
const documentsOf = async (orderId: string) => (await db().select({ n: count() }).from(documents).where(eq(documents.orderId, orderId)))[0].n;
const auditsOf = async (orderId: string, action: string) =>
  (await db().select({ n: count() }).from(auditEvents).where(and(eq(auditEvents.orderId, orderId), eq(auditEvents.action, action))))[0].n;
const rowOf = async (id: string) => (await db().select().from(documents).where(eq(documents.id, id)))[0];
const contentsOf = async (id: string) => (await db().select({ n: count() }).from(documentContents).where(eq(documentContents.documentId, id)))[0].n;
/** A PDF of more than one network read (the download streams it in parts). */
const largePdf = (label: string) => Buffer.concat([pdfBytes(label), randomBytes(700 * 1024)]);

describe('POST /api/v2/orders/{id}/documents with DOCUMENT_STORE_URL', () => {
  it('201: the bytes are one object under <prefix>/<tenant>/<order>/<document>; PostgreSQL keeps the metadata, SHA-256 and key, no contents', async () => {
    const bytes = largePdf('stored');
    const res = await upload(order.id, bytes);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body).toMatchObject({ size: bytes.length, sha256: sha256(bytes), contentType: 'application/pdf' });
    const key = `${PREFIX}/${DEMO.tenants.acme.id}/${order.id}/${res.body.id}`;
    expect(await keysUnder(`${PREFIX}/${DEMO.tenants.acme.id}/${order.id}/`)).toContain(key);
    expect((await objectBytes(key)).equals(bytes)).toBe(true);
    const head = await s3.send(new GetObjectCommand({ Bucket: BUCKET, Key: key }));
    expect(head.Metadata).toEqual({ sha256: sha256(bytes) });
    expect(head.ContentType).toBe('application/pdf');
    await head.Body!.transformToByteArray();
    const row = await rowOf(res.body.id);
    expect({ storageKey: row.storageKey, sha256: row.sha256, size: row.size }).toEqual({ storageKey: key, sha256: sha256(bytes), size: bytes.length });
    expect(await contentsOf(res.body.id)).toBe(0);
  });

  it('503 serviceUnavailable with Retry-After when the store cannot be reached; no document, object or audit entry is written', async () => {
    const own = await createOrder();
    const res = await withEndpoint(`http://127.0.0.1:${await closedPort()}`, () => upload(own.id, pdfBytes('unreachable')));
    const entry = expectError(res, 503, 'serviceUnavailable');
    expect(entry.detail).toMatch(/document store cannot be reached/);
    expect(entry.meta).toEqual({ retryAfterSeconds: 5 });
    expect(res.headers.get('retry-after')).toBe('5');
    expect(await documentsOf(own.id)).toBe(0);
    expect(await auditsOf(own.id, 'document.created')).toBe(0);
    expect(await keysUnder(`${PREFIX}/${DEMO.tenants.acme.id}/${own.id}/`)).toEqual([]);
  });

  it('503 when the store holds other bytes than were sent (its checksum differs): the object is deleted and nothing is written', async () => {
    const own = await createOrder();
    const relay = await corruptingRelay();
    try {
      const res = await withEndpoint(relay.url, () => upload(own.id, pdfBytes('corrupted on the way')));
      const entry = expectError(res, 503, 'serviceUnavailable');
      expect(entry.detail).toMatch(/checksum other than the upload's/);
    } finally {
      await relay.close();
    }
    expect(await documentsOf(own.id)).toBe(0);
    expect(await auditsOf(own.id, 'document.created')).toBe(0);
    expect(await keysUnder(`${PREFIX}/${DEMO.tenants.acme.id}/${own.id}/`)).toEqual([]);
  });
});

describe('GET /api/v2/documents/{id}/content from the store', () => {
  it('200: the object streamed as the body, equal to the upload, with its headers and one audit entry per download', async () => {
    const bytes = largePdf('download');
    const created = await upload(order.id, bytes);
    const before = await auditsOf(order.id, 'document.downloaded');
    const res = await download(created.body.id);
    expect(res.status).toBe(200);
    expect(Buffer.compare(res.body, bytes)).toBe(0);
    expect(res.headers.get('content-length')).toBe(String(bytes.length));
    expect(res.headers.get('etag')).toBe(`"${sha256(bytes)}"`);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    // Again (now from the content cache), and 304 for its ETag: each a download in the audit trail.
    expect(Buffer.compare((await download(created.body.id)).body, bytes)).toBe(0);
    const notModified = await get(`/api/v2/documents/${created.body.id}/content`, { token: admin, headers: { 'if-none-match': `"${sha256(bytes)}"` } });
    expect(notModified.status).toBe(304);
    expect(await auditsOf(order.id, 'document.downloaded')).toBe(before + 3);
  });

  it('a document stored in PostgreSQL before the store was configured still downloads from there', async () => {
    const bytes = pdfBytes('before the store');
    delete process.env.DOCUMENT_STORE_URL;
    delete process.env.DOCUMENT_STORE_ENDPOINT;
    let created;
    try {
      created = await upload(order.id, bytes);
    } finally {
      process.env.DOCUMENT_STORE_URL = `s3://${BUCKET}/${PREFIX}`;
      process.env.DOCUMENT_STORE_ENDPOINT = endpoint;
    }
    expect(created.status).toBe(201);
    expect((await rowOf(created.body.id)).storageKey).toBeNull();
    expect(await contentsOf(created.body.id)).toBe(1);
    expect(Buffer.compare((await download(created.body.id)).body, bytes)).toBe(0);
  });

  it('an object whose length or stated SHA-256 is not the document\'s: 500 internalError before any byte, and no audit entry', async () => {
    const created = await upload(order.id, pdfBytes('replaced'));
    const row = await rowOf(created.body.id);
    await s3.send(new PutObjectCommand({ Bucket: BUCKET, Key: row.storageKey!, Body: pdfBytes('someone else wrote this'), ContentType: 'application/pdf' }));
    const before = await auditsOf(order.id, 'document.downloaded');
    const entry = expectError(await download(created.body.id), 500, 'internalError');
    expect(entry.detail).toMatch(/not the ones uploaded/);
    expect(await auditsOf(order.id, 'document.downloaded')).toBe(before);
  });

  it('an object of the same length whose bytes differ (its metadata claiming the SHA-256): the body stops before its last part', async () => {
    const bytes = largePdf('altered');
    const created = await upload(order.id, bytes);
    const row = await rowOf(created.body.id);
    const altered = Buffer.from(bytes);
    altered[altered.length - 1] ^= 0xff;
    await s3.send(new PutObjectCommand({ Bucket: BUCKET, Key: row.storageKey!, Body: altered, ContentType: 'application/pdf', Metadata: { sha256: row.sha256 } }));
    await expect(download(created.body.id)).rejects.toThrow(/do not match the document's SHA-256/);
  });

  it('503 serviceUnavailable when the store cannot be reached, and no audit entry', async () => {
    const created = await upload(order.id, pdfBytes('store down'));
    const before = await auditsOf(order.id, 'document.downloaded');
    const res = await withEndpoint(`http://127.0.0.1:${await closedPort()}`, () => download(created.body.id));
    expectError(res, 503, 'serviceUnavailable');
    expect(res.headers.get('retry-after')).toBe('5');
    expect(await auditsOf(order.id, 'document.downloaded')).toBe(before);
  });
});

describe('retention purge with the store', () => {
  it('deletes the objects of the purged documents (one already missing is fine); metadata stays, downloads are 404', async () => {
    const c = await ownTenant('Object store');
    const packageId = await c.made('/api/v2/packages', { name: 'Store package', company: { id: c.companyId }, services: [{ id: await c.serviceId('Non-DOT 10-Panel Urine Drug Screen') }] });
    const created = await call('POST', '/api/v2/orders', { token: c.bearer, body: orderBody({ location: { id: c.locationId }, package: { id: packageId } }) });
    expect(created.status).toBe(201);
    const orderId = created.body.id;
    const first = await upload(orderId, pdfBytes('purge one'), c.bearer);
    const second = await upload(orderId, pdfBytes('purge two'), c.bearer);
    const under = `${PREFIX}/${c.tenantId}/${orderId}/`;
    expect(await keysUnder(under)).toEqual([`${under}${first.body.id}`, `${under}${second.body.id}`].sort());
    expect((await call('PUT', `/api/v2/orders/${orderId}/cancellation`, { token: c.bearer, body: { reason: 'Withdrew' } })).status).toBe(200);
    await s3.send(new DeleteObjectCommand({ Bucket: BUCKET, Key: `${under}${first.body.id}` }));

    // A store that cannot be reached leaves the order to the next run: nothing purged, the object kept.
    await withEndpoint(`http://127.0.0.1:${await closedPort()}`, async () => {
      await expect(purgeExpiredDocuments(db(), { tenantId: c.tenantId, asOf: '2999-01-01' })).rejects.toThrow(/document store cannot be reached/);
    });
    expect((await rowOf(second.body.id)).purgedAt).toBeNull();
    expect(await keysUnder(under)).toEqual([`${under}${second.body.id}`]);

    const report = await purgeExpiredDocuments(db(), { tenantId: c.tenantId, asOf: '2999-01-01' });
    expect(report.orders.map((o) => [o.orderId, o.documents])).toEqual([[orderId, 2]]);
    expect(await keysUnder(under)).toEqual([]);
    expect((await rowOf(first.body.id)).purgedAt).not.toBeNull();
    expect((await rowOf(second.body.id)).storageKey).toBe(`${under}${second.body.id}`);
    expectError(await download(second.body.id, c.bearer), 404, 'notFound');
  });
});
