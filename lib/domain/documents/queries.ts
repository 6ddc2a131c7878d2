/**
 * Reads of documents, within the principal's tenant and linked companies (through the order): a
 * document of an order outside that access looks exactly like a missing one.
 */
import { and, count, desc, eq, inArray, type SQL } from 'drizzle-orm';
import { documentContents, documents, orders } from '@/lib/db/schema';
import { visibleOrder } from '@/lib/domain/access';
import { writeAudit } from '@/lib/domain/audit';
import type { Ctx, Principal } from '@/lib/domain/context';
import { DomainError, notFound } from '@/lib/domain/errors';
import { offsetOf, page } from '@/lib/domain/pagination';
import type { Document } from '@/lib/domain/representation';
import { withTransaction } from '@/lib/domain/transaction';
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
  bytes: Uint8Array;
}

/**
 * A document's bytes, with an audit entry on its order naming who downloaded it (each download is
 * one entry). 404 when the contents were purged under retention (the metadata stays).
 */
export async function readDocumentContent(ctx: Ctx, id: string): Promise<DocumentContent> {
  return withTransaction(ctx, async (t) => {
    const row = await documentRowOrThrow(t, id);
    const [content] = await t.db.select({ content: documentContents.content }).from(documentContents).where(eq(documentContents.documentId, row.id));
    if (!content || row.purgedAt)
      throw new DomainError('notFound', `The contents of document ${row.id} were removed under the retention rule (49 CFR 382.401); its metadata remains.`, {
        meta: { purgedAt: row.purgedAt?.toISOString() ?? null },
      });
    await writeAudit(t.db, {
      tenantId: row.tenantId,
      orderId: row.orderId,
      action: 'document.downloaded',
      actor: ctx.actor,
      data: { documentId: row.id, type: row.type, fileName: row.fileName, sha256: row.sha256 },
    });
    return { document: serializeDocument(row), bytes: content.content };
  });
}
