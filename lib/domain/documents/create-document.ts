/**
 * A new result document of an order (DESIGN.md 6.2): metadata in `documents`, the bytes in
 * `document_contents` (bytea, so both engines and their backups hold them), an audit entry and a
 * `document.created` event to the order's callback, all in one transaction.
 *
 * With an object store (`DOCUMENT_STORE_URL`, lib/domain/document-store.ts) the bytes go there instead, written
 * before the row's transaction commits and deleted again if it rolls back, so that neither a row
 * without its object nor an object of a refused upload remains; the row names the object in
 * `storage_key` and keeps the SHA-256. A store that cannot be reached is 503 and nothing is written.
 */
import { createHash } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { Db } from '@/lib/db/client';
import { documentContents, documents, orders, orderServices } from '@/lib/db/schema';
import { visibleOrder } from '@/lib/domain/access';
import { writeAudit } from '@/lib/domain/audit';
import type { Ctx } from '@/lib/domain/context';
import { DomainError, notFound } from '@/lib/domain/errors';
import { afterRollbackOf, withTransaction, type InTransaction } from '@/lib/domain/transaction';
import { log } from '@/lib/log';
import { emitEvent } from '@/lib/domain/webhook-endpoints';
import { newId } from '@/lib/ids';
import { DOCUMENT_CONTENT_TYPES, DOCUMENT_CONTENT_TYPE_LIST, magicMatches, MAX_DOCUMENT_BYTES, withContentTypeExtension, type DocumentContentType } from './schemas';
import { type DocumentType } from '@/lib/domain/contract/document-types';
import { documentStore } from '@/lib/domain/document-store';
import { serializeDocument, type DocumentRow } from './serialize';

export interface NewDocument {
  orderId: string;
  type: DocumentType;
  serviceId?: string;
  fileName?: string;
  contentType: string;
  bytes: Uint8Array;
}

/** The content type without parameters (`application/pdf; name=x` → `application/pdf`), if accepted. */
export function acceptedContentType(header: string | null): DocumentContentType | null {
  const type = (header ?? '').split(';')[0].trim().toLowerCase();
  return (DOCUMENT_CONTENT_TYPE_LIST as string[]).includes(type) ? (type as DocumentContentType) : null;
}

export async function createDocument({ ctx, input }: { ctx: Ctx; input: NewDocument }) {
  const contentType = acceptedContentType(input.contentType);
  if (!contentType)
    throw new DomainError('invalidValue', `Content-Type must be one of ${DOCUMENT_CONTENT_TYPE_LIST.join(', ')}.`, { meta: { header: 'Content-Type' } });
  if (input.bytes.byteLength > MAX_DOCUMENT_BYTES) throw new DomainError('tooBig', `A document is at most ${MAX_DOCUMENT_BYTES} bytes.`);
  if (input.bytes.byteLength === 0) throw new DomainError('required', 'The request body (the document\'s bytes) is empty.');
  if (!magicMatches(contentType, input.bytes))
    throw new DomainError('invalidValue', `The body does not start as a ${DOCUMENT_CONTENT_TYPES[contentType].name} file does, though Content-Type says ${contentType}.`, {
      meta: { contentType },
    });

  return withTransaction(ctx, async (t) => {
    const tx = t.db;
    const [order] = await tx
      .select({ id: orders.id, tenantId: orders.tenantId, companyId: orders.companyId, code: orders.code, callbackUrl: orders.callbackUrl })
      .from(orders)
      .where(and(visibleOrder(ctx), eq(orders.id, input.orderId)))
      .for('update');
    if (!order) throw notFound('Order');
    if (input.serviceId !== undefined) {
      const [service] = await tx
        .select({ id: orderServices.id })
        .from(orderServices)
        .where(and(eq(orderServices.orderId, order.id), eq(orderServices.id, input.serviceId)));
      if (!service) throw notFound('Order service', '/serviceId');
    }
    const id = newId();
    // The extension follows the checked content type, so the name cannot have the file opened as something else.
    const fileName = withContentTypeExtension(input.fileName ?? `${order.code}-${input.type}`, contentType);
    const sha256 = createHash('sha256').update(input.bytes).digest('hex');
    const store = documentStore();
    const storageKey = store ? store.keyOf(order.tenantId, order.id, id) : null;
    if (store && storageKey) {
      await store.put(storageKey, input.bytes, sha256, contentType);
      // The object goes again if this transaction (or one around it) does not commit.
      afterRollbackOf(tx, () => {
        store.delete(storageKey).catch((error: unknown) => log('error', 'could not delete the object of a rolled-back document', { key: storageKey, error: String(error) }));
      });
    }
    const [row] = await tx
      .insert(documents)
      .values({
        id,
        tenantId: order.tenantId,
        orderId: order.id,
        orderServiceId: input.serviceId ?? null,
        type: input.type,
        fileName,
        contentType,
        size: input.bytes.byteLength,
        sha256,
        storageKey,
      })
      .returning();
    if (!storageKey) await tx.insert(documentContents).values({ documentId: id, content: Buffer.from(input.bytes.buffer, input.bytes.byteOffset, input.bytes.byteLength) });
    await writeAudit(tx, {
      tenantId: order.tenantId,
      orderId: order.id,
      action: 'document.created',
      actor: ctx.actor,
      data: { documentId: id, type: input.type, fileName, size: row.size, sha256, ...(input.serviceId ? { serviceId: input.serviceId } : {}) },
    });
    await enqueueDocumentCreated(t, row, { tenantId: order.tenantId, companyId: order.companyId, callbackUrl: order.callbackUrl });
    return { document: serializeDocument(row), matched: null };
  });
}

/**
 * A `document.created` event, for the order's callback, if it has one (the same outbox as
 * `order.updated`: signed, retried and redeliverable alike), and the tenant's matching endpoints.
 */
async function enqueueDocumentCreated(tx: InTransaction<{ db: Db }>, row: DocumentRow, meta: { tenantId: string; companyId: string; callbackUrl: string | null }) {
  // The sequence of the order's latest `order.updated` event, not a new one: `order.updated`
  // receivers keep seeing 1, 2, 3, ... and a document event sorts after the change it follows.
  const [{ sequence }] = await tx.db.select({ sequence: orders.eventSequence }).from(orders).where(eq(orders.id, row.orderId));
  await emitEvent(tx, {
    tenantId: meta.tenantId,
    type: 'document.created',
    companyId: meta.companyId,
    order: { id: row.orderId, sequence, callbackUrl: meta.callbackUrl },
    data: { document: serializeDocument(row) },
  });
}
