/**
 * Reads of documents, within the principal's tenant and linked companies (through the order): a
 * document of an order outside that access looks exactly like a missing one.
 */
import { and, count, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { rowsOf } from '@/lib/db/client';
import { auditEvents, documentContents, documents, orders } from '@/lib/db/schema';
import { visibleOrder } from '@/lib/domain/access';
import { orderAuditValues, writeAudit } from '@/lib/domain/audit';
import type { Ctx, Principal } from '@/lib/domain/context';
import { DomainError, notFound } from '@/lib/domain/errors';
import { offsetOf, page } from '@/lib/domain/pagination';
import type { Document } from '@/lib/domain/contract/representation';
import { afterRollbackOf, withTransaction } from '@/lib/domain/transaction';
import { cachedContent, keepContent, keptContent } from './content-cache';
import { storeOf } from '@/lib/domain/document-store';
import type { ListDocumentsQuery } from './schemas';
import { serializeDocument, type DocumentRow } from './serialize';

/** Documents of orders the principal can see; use with a join on `orders`. */
function visibleDocument(p: Principal): SQL {
  return and(eq(documents.tenantId, p.tenantId), visibleOrder(p))!;
}

/** An order's documents, newest first; 404 for an order outside the principal's access. */
export async function listOrderDocuments(ctx: Ctx, orderId: string, q: ListDocumentsQuery) {
  const [order] = await ctx.db.select({ id: orders.id }).from(orders).where(and(visibleOrder(ctx), eq(orders.id, orderId)));
  if (!order) throw notFound('Order');
  const where = and(eq(documents.orderId, order.id), q.type ? eq(documents.type, q.type) : undefined);
  const rows = await ctx.db
    .select()
    .from(documents)
    .where(where)
    .orderBy(desc(documents.createdAt), desc(documents.id))
    .limit(q.limit)
    .offset(offsetOf(q));
  const [{ total }] = await ctx.db.select({ total: count() }).from(documents).where(where);
  return page(rows.map(serializeDocument), total, q);
}

/** Documents of several orders the principal can see, oldest first per order (the results inbox). */
export async function documentsOfOrders(ctx: Ctx, orderIds: string[]): Promise<Map<string, Document[]>> {
  const byOrder = new Map<string, Document[]>(orderIds.map((id) => [id, []]));
  if (orderIds.length === 0) return byOrder;
  const rows = await ctx.db
    .select({ document: documents })
    .from(documents)
    .innerJoin(orders, eq(orders.id, documents.orderId))
    .where(and(visibleDocument(ctx), inArray(documents.orderId, orderIds)))
    .orderBy(documents.orderId, documents.createdAt, documents.id);
  for (const { document } of rows) byOrder.get(document.orderId)?.push(serializeDocument(document));
  return byOrder;
}

async function documentRowOrThrow(ctx: Ctx, id: string): Promise<DocumentRow> {
  const [row] = await ctx.db
    .select({ document: documents })
    .from(documents)
    .innerJoin(orders, eq(orders.id, documents.orderId))
    .where(and(visibleDocument(ctx), eq(documents.id, id)));
  if (!row) throw notFound('Document');
  return row.document;
}

export async function getDocument(ctx: Ctx, id: string): Promise<Document> {
  return serializeDocument(await documentRowOrThrow(ctx, id));
}

export interface DocumentContent {
  document: Document;
  /**
   * The bytes, in order: parts of at most CONTENT_PART_BYTES from the database or the content
   * cache (concatenated, the file), or the object store's stream (lib/domain/document-store.ts).
   */
  body: Uint8Array[] | ReadableStream<Uint8Array>;
  /** Their total length. */
  size: number;
}

/**
 * The contents are read in parts of this many bytes, one row each. One bytea value of 1 MiB is
 * one 2 MiB protocol message (hex), which node-postgres gathers in a buffer it grows by doubling
 * and drops after every message: ~8 MiB allocated, a 2 MiB string and two copies per download,
 * most of the server's CPU in the garbage collector. Parts of 60 KiB stay in small buffers and
 * strings, and are answered as they are (no copy into one buffer).
 */
export const CONTENT_PART_BYTES = 60 * 1024;

/** The content of a document in parts (no row: no content). An empty content is one empty part. */
async function contentParts(db: Ctx['db'], documentId: string): Promise<Uint8Array[] | null> {
  const rows = rowsOf<{ part: Uint8Array }>(
    await db.execute(sql`select substring(${documentContents.content} from s.start for ${CONTENT_PART_BYTES}) as part
      from ${documentContents}, generate_series(1, greatest(octet_length(${documentContents.content}), 1), ${CONTENT_PART_BYTES}) as s(start)
      where ${documentContents.documentId} = ${documentId}
      order by s.start`),
  );
  return rows.length ? rows.map((r) => r.part) : null;
}

/**
 * The download of bytes kept in memory (./content-cache.ts) with SHA-256 `sha256`: in one
 * statement, the document if the principal sees it, it is not purged and its SHA-256 is that one,
 * and then its audit entry (as `writeAudit` writes it). No row: nothing written, and the caller
 * takes the general path, which tells 404 from purged.
 */
async function downloadOfKept(ctx: Ctx, id: string, sha256: string): Promise<DocumentRow | null> {
  const audit = orderAuditValues({ tenantId: '', orderId: '', action: 'document.downloaded', actor: ctx.actor });
  const rows = rowsOf<DocumentRow>(
    await ctx.db.execute(sql`with doc as (
        select ${documents}.* from ${documents} inner join ${orders} on ${orders.id} = ${documents.orderId}
        where ${visibleDocument(ctx)} and ${documents.id} = ${id} and ${documents.purgedAt} is null and ${documents.sha256} = ${sha256}
      ), audit as (
        insert into ${auditEvents} (id, tenant_id, order_id, action, actor_type, actor_token_id, actor_user_id, actor_email, actor_name, data)
        select ${audit.id}, doc.tenant_id, doc.order_id, ${audit.action}, ${audit.actorType}, ${audit.actorTokenId}, ${audit.actorUserId}, ${audit.actorEmail},
          ${audit.actorName}, jsonb_build_object('documentId', doc.id, 'type', doc.type, 'fileName', doc.file_name, 'sha256', doc.sha256) || ${JSON.stringify(audit.data)}::jsonb
        from doc
        returning 1
      )
      select doc.id, doc.tenant_id as "tenantId", doc.order_id as "orderId", doc.order_service_id as "orderServiceId", doc.type,
        doc.file_name as "fileName", doc.content_type as "contentType", doc.size, doc.sha256, doc.storage_key as "storageKey", doc.purged_at as "purgedAt",
        doc.created_at as "createdAt"
      from doc`),
  );
  const [row] = rows;
  return row ? { ...row, createdAt: new Date(row.createdAt), purgedAt: null } : null;
}

/**
 * A document's bytes, with an audit entry on its order naming who downloaded it (each download is
 * one entry). 404 when the contents were purged under retention (the metadata stays). Bytes in the
 * object store (`storage_key`) stream from it: the object is opened (and its length and SHA-256
 * checked) before the audit entry commits, so a store that cannot be reached answers 503 with
 * nothing written.
 */
export async function readDocumentContent(ctx: Ctx, id: string): Promise<DocumentContent> {
  // Bytes kept from a recent download: one statement checks access and the purge and writes the entry.
  const kept = keptContent(ctx.db, id);
  if (kept) {
    const row = await downloadOfKept(ctx, id, kept.sha256);
    if (row) return { document: serializeDocument(row), body: kept.parts, size: kept.size };
  }
  return withTransaction(ctx, async (t) => {
    const row = await documentRowOrThrow(t, id);
    // The bytes of a recent download of this very content, else the database's or the store's (./content-cache.ts).
    const cached = row.purgedAt ? null : cachedContent(ctx.db, row.id, row.sha256);
    const purged = () =>
      new DomainError('notFound', `The contents of document ${row.id} were removed under the retention rule (49 CFR 382.401); its metadata remains.`, {
        meta: { purgedAt: row.purgedAt?.toISOString() ?? null },
      });
    if (row.purgedAt) throw purged();
    let body: DocumentContent['body'];
    let size: number;
    if (cached) ({ parts: body, size } = cached);
    else if (row.storageKey) {
      const object = await storeOf(row.storageKey).open(row.storageKey, { size: row.size, sha256: row.sha256 }, (parts, total) =>
        keepContent(ctx.db, row.id, row.sha256, parts, total),
      );
      afterRollbackOf(t.db, () => void object.body.cancel().catch(() => undefined));
      body = object.body;
      size = row.size;
    } else {
      const parts = await contentParts(t.db, row.id);
      if (!parts) throw purged();
      body = parts;
      size = parts.reduce((sum, part) => sum + part.byteLength, 0);
      t.afterCommit(() => keepContent(ctx.db, row.id, row.sha256, parts, size));
    }
    await writeAudit(t.db, {
      tenantId: row.tenantId,
      orderId: row.orderId,
      action: 'document.downloaded',
      actor: ctx.actor,
      data: { documentId: row.id, type: row.type, fileName: row.fileName, sha256: row.sha256 },
    });
    return { document: serializeDocument(row), body, size };
  });
}
