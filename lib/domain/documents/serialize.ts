/** The `document` representation (lib/api/representations.ts `Document`). */
import type { documents } from '@/lib/db/schema';
import { API, iso, isoOrNull, type Document } from '@/lib/domain/contract/representation';
import { downloadFileName, type DocumentContentType } from './schemas';
import { type DocumentType } from '@/lib/domain/contract/document-types';

export type DocumentRow = typeof documents.$inferSelect;

export function serializeDocument(d: DocumentRow): Document {
  return {
    id: d.id,
    object: 'document',
    type: d.type as DocumentType,
    // A name stored before issue 26's rules is shown and served without invisible characters, with its extension.
    fileName: downloadFileName(d.fileName, d.contentType as DocumentContentType),
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
