/**
 * Result documents (DESIGN.md 6.2): the types, the accepted content types with their magic bytes,
 * and the query schemas of the upload and the list. Shared by the API, the dashboard and OpenAPI.
 */
import { z } from 'zod';
import { PageQuery } from '@/lib/domain/pagination';

export const DOCUMENT_TYPES = ['ccf', 'mroLetter', 'labReport', 'alcoholTestForm', 'other'] as const;
export type DocumentType = (typeof DOCUMENT_TYPES)[number];

/** What people call each type (dashboard labels, PDF titles). */
export const DOCUMENT_TYPE_LABELS: Record<DocumentType, string> = {
  ccf: 'Custody and control form',
  mroLetter: 'MRO verified result letter',
  labReport: 'Lab report',
  alcoholTestForm: 'Alcohol testing form',
  other: 'Other document',
};

/** Largest document body: 10 MiB. */
export const MAX_DOCUMENT_BYTES = 10 * 1024 * 1024;

/** The accepted content types and how each file starts. */
export const DOCUMENT_CONTENT_TYPES = {
  'application/pdf': { magic: [0x25, 0x50, 0x44, 0x46, 0x2d], extension: 'pdf', name: 'PDF (%PDF-)' },
  'image/png': { magic: [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a], extension: 'png', name: 'PNG' },
  'image/jpeg': { magic: [0xff, 0xd8, 0xff], extension: 'jpg', name: 'JPEG' },
} as const;
export type DocumentContentType = keyof typeof DOCUMENT_CONTENT_TYPES;
export const DOCUMENT_CONTENT_TYPE_LIST = Object.keys(DOCUMENT_CONTENT_TYPES) as DocumentContentType[];

/** True when the bytes start as files of this content type do. */
export function magicMatches(contentType: DocumentContentType, bytes: Uint8Array): boolean {
  const { magic } = DOCUMENT_CONTENT_TYPES[contentType];
  return bytes.length >= magic.length && magic.every((b, i) => bytes[i] === b);
}

/** A file name safe in a Content-Disposition header and on any file system. */
const FileName = z
  .string()
  .trim()
  .min(1)
  .max(200)
  .refine((s) => !/[\u0000-\u001f\u007f/\\"]/.test(s), { message: 'fileName must not contain control characters, slashes, backslashes or double quotes.', params: { code: 'invalidValue' } });

export const UploadDocumentQuery = z.object({
  type: z.enum(DOCUMENT_TYPES),
  /** The service of the order the document belongs to, if one. */
  serviceId: z.string().min(1).max(255).optional(),
  fileName: FileName.optional(),
});
export type UploadDocumentQuery = z.output<typeof UploadDocumentQuery>;

export const ListDocumentsQuery = PageQuery.extend({
  type: z.enum(DOCUMENT_TYPES).optional(),
});
export type ListDocumentsQuery = z.output<typeof ListDocumentsQuery>;

/** `PUT /api/v2/orders/{id}/acknowledgement` takes `{}` (who and when come from the request). */
export const AcknowledgeBody = z.strictObject({});
export type AcknowledgeBody = z.output<typeof AcknowledgeBody>;

/** `?download=true` asks for `Content-Disposition: attachment`. */
export const DocumentContentQuery = z.object({ download: z.enum(['true', 'false']).optional() });
