/** The `document` representation (lib/api/representations.ts `Document`). */
import type { documents } from '@/lib/db/schema';
import { API, iso, isoOrNull, type Document } from '@/lib/domain/representation';
import type { DocumentType } from './schemas';

export type DocumentRow = typeof documents.$inferSelect;

export function serializeDocument(d: DocumentRow): Document {
  return {
    id: d.id,
    object: 'document',
    type: d.type as DocumentType,
    fileName: d.fileName,
    contentType: d.contentType,
    size: d.size,
    sha256: d.sha256,
    order: { id: d.orderId, url: `${API}/orders/${d.orderId}` },
    service: d.orderServiceId ? { id: d.orderServiceId } : null,
    createdAt: iso(d.createdAt),
    purgedAt: isoOrNull(d.purgedAt),
    url: `${API}/documents/${d.id}`,
    contentUrl: `${API}/documents/${d.id}/content`,
  };
}
