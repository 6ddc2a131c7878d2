/**
 * Documents (DESIGN.md 6.2, issue 16): upload of each content type, magic bytes, the 10 MiB limit,
 * download with its headers and audit entry, scopes, isolation, and the `document.created` event.
 */
import { createHash, randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { and, eq } from 'drizzle-orm';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents, documentContents, documents, tenants } from '@/lib/db/schema';
import { CONTENT_PART_BYTES } from '@/lib/domain/documents/queries';
import { SCOPES } from '@/lib/domain/scopes';
import { DEMO } from '@/lib/seed';
import { runDueDeliveries } from '@/lib/worker/delivery-worker';
import { call, db, expectError, get, token, withTestDatabase } from './harness';
import { createOrder, orderBody } from './orders-fixtures';
import { fileBody, pdfBytes } from './samples/documents';

withTestDatabase();

const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.from('IHDR fake png body')]);
const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.from('JFIF fake jpeg body')]);
const sha256 = (b: Uint8Array) => createHash('sha256').update(b).digest('hex');

let admin: string;
let order: { id: string; code: string; services: Array<{ id: string }> };
beforeAll(async () => {
  admin = await token();
  order = await createOrder();
});

const upload = (orderId: string, bytes: Uint8Array, type: string, query: Record<string, string> = { type: 'mroLetter' }, t = admin) =>
  call('POST', `/api/v2/orders/${orderId}/documents`, { token: t, query, body: fileBody(bytes, type) });

describe('POST /api/v2/orders/{id}/documents', () => {
  it.each([
    ['application/pdf', pdfBytes('upload test'), 'pdf'],
    ['image/png', PNG, 'png'],
    ['image/jpeg', JPEG, 'jpg'],
  ])('201 for %s, with Location and the Document representation', async (contentType, bytes, extension) => {
    const res = await upload(order.id, bytes, contentType, { type: 'ccf', serviceId: order.services[0].id });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.headers.get('location')).toBe(`/api/v2/documents/${res.body.id}`);
    expect(res.body).toEqual({
      id: expect.any(String),
      object: 'document',
      type: 'ccf',
      fileName: `${order.code}-ccf.${extension}`,
      contentType,
      size: bytes.length,
      sha256: sha256(bytes),
      order: { id: order.id, url: `/api/v2/orders/${order.id}` },
      service: { id: order.services[0].id },
      createdAt: expect.stringMatching(/Z$/),
      purgedAt: null,
      url: `/api/v2/documents/${res.body.id}`,
      contentUrl: `/api/v2/documents/${res.body.id}/content`,
    });
    const [audit] = await db().select().from(auditEvents).where(and(eq(auditEvents.orderId, order.id), eq(auditEvents.action, 'document.created'))).orderBy(auditEvents.createdAt);
    expect(audit.actorType).toBe('token');
  });

  it('keeps a given fileName; 400 invalidValue for one with a slash', async () => {
    const ok = await upload(order.id, pdfBytes(), 'application/pdf', { type: 'other', fileName: 'Letter 2026.pdf' });
    expect(ok.body.fileName).toBe('Letter 2026.pdf');
    expectError(await upload(order.id, pdfBytes(), 'application/pdf', { type: 'other', fileName: '../x.pdf' }), 400, 'invalidValue', '/fileName');
  });

  it('the extension follows the content type: added when the given name ends otherwise (issue 26)', async () => {
    const named = async (bytes: Uint8Array, contentType: string, fileName: string) =>
      (await upload(order.id, bytes, contentType, { type: 'other', fileName })).body.fileName;
    expect(await named(pdfBytes(), 'application/pdf', 'evil.html')).toBe('evil.html.pdf');
    expect(await named(pdfBytes(), 'application/pdf', 'Letter v2')).toBe('Letter v2.pdf');
    expect(await named(pdfBytes(), 'application/pdf', 'LETTER.PDF')).toBe('LETTER.PDF');
    expect(await named(PNG, 'image/png', 'scan.pdf')).toBe('scan.pdf.png');
    expect(await named(JPEG, 'image/jpeg', 'photo.jpeg')).toBe('photo.jpeg');
    expect(await named(JPEG, 'image/jpeg', 'photo.JPG')).toBe('photo.JPG');
  });

  it('400 invalidValue at /fileName for bidi overrides and other invisible format or control characters (issue 26)', async () => {
    for (const fileName of ['invoice\u202Efdp.pdf', '\u200Eletter.pdf', 'a\u2066b\u2069.pdf', 'zero\u200Bwidth.pdf', 'soft\u00ADhyphen.pdf', 'next\u0085line.pdf']) {
      const entry = expectError(await upload(order.id, pdfBytes(), 'application/pdf', { type: 'other', fileName }), 400, 'invalidValue', '/fileName');
      expect(entry.detail, JSON.stringify(fileName)).toMatch(/fileName must not contain/);
    }
  });

  it('400 invalidValue when the magic bytes do not match the Content-Type', async () => {
    const res = await upload(order.id, PNG, 'application/pdf');
    const entry = expectError(res, 400, 'invalidValue');
    expect(entry.detail).toMatch(/PDF/);
    expectError(await upload(order.id, pdfBytes(), 'image/jpeg'), 400, 'invalidValue');
  });

  it('400 for another Content-Type (JSON), for a missing or unknown type, and for an empty body', async () => {
    const json = await call('POST', `/api/v2/orders/${order.id}/documents`, { token: admin, query: { type: 'ccf' }, body: { a: 1 } });
    expect(expectError(json, 400, 'invalidValue').meta).toEqual({ header: 'Content-Type' });
    expectError(await upload(order.id, pdfBytes(), 'application/pdf', {}), 400, 'required', '/type');
    expectError(await upload(order.id, pdfBytes(), 'application/pdf', { type: 'xray' }), 400, 'invalidValue', '/type');
    expectError(await upload(order.id, new Uint8Array(0), 'application/pdf'), 400, 'required');
  });

  it('413 tooBig for 10 MiB + 1 byte; exactly 10 MiB is accepted', async () => {
    const limit = 10 * 1024 * 1024;
    const big = Buffer.alloc(limit + 1, 0x20);
    pdfBytes().copy(big);
    const res = await upload(order.id, big, 'application/pdf');
    expectError(res, 413, 'tooBig');
    expect(res.headers.get('connection')).toBe('close');
    const exact = await upload(order.id, big.subarray(0, limit), 'application/pdf');
    expect(exact.status).toBe(201);
    expect(exact.body.size).toBe(limit);
  });

  it('404 for a service of another order (pointer /serviceId)', async () => {
    const other = await createOrder();
    expectError(await upload(order.id, pdfBytes(), 'application/pdf', { type: 'ccf', serviceId: other.services[0].id }), 404, 'notFound', '/serviceId');
  });

  it('403 insufficientScope without document.write (a manager token has document.read only)', async () => {
    const reader = await token({ scopes: SCOPES.filter((s) => s !== 'document.write') });
    expectError(await upload(order.id, pdfBytes(), 'application/pdf', { type: 'ccf' }, reader), 403, 'insufficientScope');
  });
});

describe('GET /api/v2/documents/{id}/content', () => {
  it('the bytes of the upload (sha256), with Content-Type, Content-Disposition and ETag; one audit entry per download', async () => {
    const bytes = pdfBytes('download me');
    const created = await upload(order.id, bytes, 'application/pdf', { type: 'mroLetter', fileName: 'MRO letter é.pdf' });
    const res = await get(`/api/v2/documents/${created.body.id}/content`, { token: admin });
    expect(res.status).toBe(200);
    expect(Buffer.isBuffer(res.body)).toBe(true);
    expect(sha256(res.body)).toBe(sha256(bytes));
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(res.headers.get('etag')).toBe(`"${sha256(bytes)}"`);
    expect(res.headers.get('content-length')).toBe(String(bytes.length));
    expect(res.headers.get('content-disposition')).toBe(`inline; filename="MRO letter _.pdf"; filename*=UTF-8''MRO%20letter%20%C3%A9.pdf`);
    const attachment = await get(`/api/v2/documents/${created.body.id}/content`, { token: admin, query: { download: 'true' } });
    expect(attachment.headers.get('content-disposition')).toMatch(/^attachment; /);
    const evil = await upload(order.id, bytes, 'application/pdf', { type: 'other', fileName: "evil's (copy).html" });
    expect((await get(`/api/v2/documents/${evil.body.id}/content`, { token: admin })).headers.get('content-disposition')).toBe(
      `inline; filename="evil's (copy).html.pdf"; filename*=UTF-8''evil%27s%20%28copy%29.html.pdf`,
    );
    const downloads = await db()
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.orderId, order.id), eq(auditEvents.action, 'document.downloaded')));
    const entries = downloads.filter((d) => (d.data as { documentId: string }).documentId === created.body.id);
    expect(entries).toHaveLength(2);
    // The first read the bytes from the database, the second from memory: the same entry either way.
    const [first, second] = entries.map(({ id: _, createdAt: __, ...entry }) => entry);
    expect(second).toEqual(first);
    expect(first).toMatchObject({
      actorType: 'token',
      actorName: 'test',
      data: { documentId: created.body.id, type: 'mroLetter', fileName: 'MRO letter é.pdf', sha256: sha256(bytes), tokenName: 'test' },
    });
  });

  it('a download of kept bytes by a token that does not see the order is 404 and writes no entry', async () => {
    const created = await upload(order.id, pdfBytes('kept'), 'application/pdf', { type: 'labReport' });
    expect((await get(`/api/v2/documents/${created.body.id}/content`, { token: admin })).status).toBe(200);
    const other = await token({ tenant: 'northwind' });
    expectError(await get(`/api/v2/documents/${created.body.id}/content`, { token: other }), 404, 'notFound');
    const entries = await db()
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.orderId, order.id), eq(auditEvents.action, 'document.downloaded')));
    expect(entries.filter((d) => (d.data as { documentId: string }).documentId === created.body.id)).toHaveLength(1);
  });

  it.each([
    ['exactly one part', CONTENT_PART_BYTES],
    ['one byte more than a part', CONTENT_PART_BYTES + 1],
    ['1 MiB and 3 bytes (18 parts)', 1024 * 1024 + 3],
  ])('the exact bytes of a document of %s, read in parts', async (_, size) => {
    const bytes = randomBytes(size);
    pdfBytes().copy(bytes, 0, 0, 5); // %PDF-
    const created = await upload(order.id, bytes, 'application/pdf', { type: 'labReport' });
    expect(created.status).toBe(201);
    const res = await get(`/api/v2/documents/${created.body.id}/content`, { token: admin });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-length')).toBe(String(size));
    expect(Buffer.compare(res.body, bytes)).toBe(0);
  });

  it('a download after the retention purge is 404 though the bytes were just downloaded (and kept in memory)', async () => {
    const created = await upload(order.id, pdfBytes('purged'), 'application/pdf', { type: 'labReport' });
    expect((await get(`/api/v2/documents/${created.body.id}/content`, { token: admin })).status).toBe(200);
    expect((await get(`/api/v2/documents/${created.body.id}/content`, { token: admin })).status).toBe(200);
    // What `retention purge` does, in one transaction (lib/domain/orders/retention.ts).
    await db().transaction(async (tx) => {
      await tx.update(documents).set({ purgedAt: new Date() }).where(eq(documents.id, created.body.id));
      await tx.delete(documentContents).where(eq(documentContents.documentId, created.body.id));
    });
    expectError(await get(`/api/v2/documents/${created.body.id}/content`, { token: admin }), 404, 'notFound');
  });

  it('a name stored before the rules (a right-to-left override, another extension) is downloaded without the override and with the extension (issue 26)', async () => {
    const created = await upload(order.id, pdfBytes(), 'application/pdf', { type: 'other' });
    await db().update(documents).set({ fileName: 'invoice\u202Elmth.pdf' }).where(eq(documents.id, created.body.id));
    const res = await get(`/api/v2/documents/${created.body.id}/content`, { token: admin, query: { download: 'true' } });
    expect(res.headers.get('content-disposition')).toBe(`attachment; filename="invoicelmth.pdf"; filename*=UTF-8''invoicelmth.pdf`);
    await db().update(documents).set({ fileName: 'report.html' }).where(eq(documents.id, created.body.id));
    const html = await get(`/api/v2/documents/${created.body.id}/content`, { token: admin });
    expect(html.headers.get('content-disposition')).toBe(`inline; filename="report.html.pdf"; filename*=UTF-8''report.html.pdf`);
  });

  it('304 for If-None-Match with the ETag', async () => {
    const created = await upload(order.id, pdfBytes('etag'), 'application/pdf');
    const res = await get(`/api/v2/documents/${created.body.id}/content`, { token: admin, headers: { 'if-none-match': `"${created.body.sha256}"` } });
    expect(res.status).toBe(304);
  });

  it('403 insufficientScope without document.read (a viewer); the metadata too', async () => {
    const created = await upload(order.id, pdfBytes(), 'application/pdf');
    const viewer = await token({ scopes: SCOPES.filter((s) => s !== 'document.read') });
    expectError(await get(`/api/v2/documents/${created.body.id}/content`, { token: viewer }), 403, 'insufficientScope');
    expectError(await get(`/api/v2/documents/${created.body.id}`, { token: viewer }), 403, 'insufficientScope');
    expectError(await get(`/api/v2/orders/${order.id}/documents`, { token: viewer }), 403, 'insufficientScope');
  });

  it('404 for another tenant and for a token not linked to the order\'s company, like a missing id', async () => {
    const created = await upload(order.id, pdfBytes(), 'application/pdf');
    const foreign = await token({ tenant: 'northwind' });
    const unlinked = await token({ companies: [DEMO.acme.companies.secondary] });
    for (const t of [foreign, unlinked]) {
      expectError(await get(`/api/v2/documents/${created.body.id}/content`, { token: t }), 404, 'notFound');
      expectError(await get(`/api/v2/documents/${created.body.id}`, { token: t }), 404, 'notFound');
      expectError(await get(`/api/v2/orders/${order.id}/documents`, { token: t }), 404, 'notFound');
      expectError(await upload(order.id, pdfBytes(), 'application/pdf', { type: 'ccf' }, t), 404, 'notFound');
    }
  });
});

describe('GET /api/v2/orders/{id}/documents and /api/v2/documents/{id}', () => {
  it('pages an order\'s documents newest first, filters by type, and reads one', async () => {
    const fresh = await createOrder();
    const a = await upload(fresh.id, pdfBytes('a'), 'application/pdf', { type: 'labReport' });
    const b = await upload(fresh.id, PNG, 'image/png', { type: 'ccf' });
    const list = await get(`/api/v2/orders/${fresh.id}/documents`, { token: admin });
    expect(list.body).toMatchObject({ total: 2, page: 1, limit: 10 });
    expect(list.body.data.map((d: { id: string }) => d.id)).toEqual([b.body.id, a.body.id]);
    const labOnly = await get(`/api/v2/orders/${fresh.id}/documents`, { token: admin, query: { type: 'labReport', limit: 1 } });
    expect(labOnly.body).toMatchObject({ total: 1, data: [{ id: a.body.id }] });
    expect((await get(`/api/v2/documents/${a.body.id}`, { token: admin })).body).toEqual(a.body);
  });
});

describe('document.created webhook', () => {
  it('reaches the order\'s callback with a valid Standard Webhooks signature and the document', async () => {
    const receipts: Array<{ headers: Record<string, string>; body: string }> = [];
    const server = http.createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        receipts.push({ headers: req.headers as Record<string, string>, body: Buffer.concat(chunks).toString('utf8') });
        res.writeHead(200).end('ok');
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`;
      const withCallback = await createOrder(orderBody({ callback: { url } }));
      const created = await upload(withCallback.id, pdfBytes('hook'), 'application/pdf', { type: 'mroLetter' });
      await runDueDeliveries({ db: db(), orderIds: [withCallback.id], timeoutMs: 2_000, retrySchedule: [0, 0, 0] });
      const [{ secret }] = await db().select({ secret: tenants.webhookSecret }).from(tenants).where(eq(tenants.id, DEMO.tenants.acme.id));
      const event = receipts.map((r) => new Webhook(secret).verify(r.body, r.headers) as { type: string; sequence: number; data: { document: unknown } }).find((e) => e.type === 'document.created');
      expect(event).toBeDefined();
      expect(event!.data.document).toEqual(created.body);
      expect(event!.sequence).toBe(0); // no order.updated yet: a document does not advance the order's sequence
    } finally {
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });
});

describe('OpenAPI', () => {
  it('documents the raw upload body, the file download and the document.created webhook', async () => {
    const doc = (await get('/api/v2/openapi.json')).body;
    const upload = doc.paths['/api/v2/orders/{id}/documents'].post;
    expect(Object.keys(upload.requestBody.content)).toEqual(['application/pdf', 'image/png', 'image/jpeg']);
    expect(upload.responses['413']).toEqual({ $ref: '#/components/responses/E413' });
    expect(Object.keys(doc.paths['/api/v2/documents/{id}/content'].get.responses['200'].content)).toEqual(['application/pdf', 'image/png', 'image/jpeg']);
    expect(doc.webhooks['document.created'].post.requestBody.content['application/json'].schema).toEqual({ $ref: '#/components/schemas/DocumentCreatedEvent' });
    expect(doc.components.schemas.DocumentCreatedEvent.properties.data.properties.document).toEqual({ $ref: '#/components/schemas/Document' });
  });
});
