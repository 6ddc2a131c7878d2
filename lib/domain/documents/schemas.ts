/**
 * Result documents (DESIGN.md 6.2): the types, the accepted content types with their magic bytes,
 * and the query schemas of the upload and the list. Shared by the API, the dashboard and OpenAPI.
 */
import { z } from 'zod';
import { DOCUMENT_TYPES, type DocumentType } from '@/lib/domain/contract/document-types';
import { PageQuery } from '@/lib/domain/pagination';

/** Largest document body: 10 MiB. */
export const MAX_DOCUMENT_BYTES = 10 * 1024 * 1024;

/** The accepted content types, how each file starts, and the extensions a file name of it may end in (the first is added). */
export const DOCUMENT_CONTENT_TYPES = {
  'application/pdf': { magic: [0x25, 0x50, 0x44, 0x46, 0x2d], extension: 'pdf', extensions: ['pdf'], name: 'PDF (%PDF-)' },
  'image/png': { magic: [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a], extension: 'png', extensions: ['png'], name: 'PNG' },
  'image/jpeg': { magic: [0xff, 0xd8, 0xff], extension: 'jpg', extensions: ['jpg', 'jpeg'], name: 'JPEG' },
} as const;
export type DocumentContentType = keyof typeof DOCUMENT_CONTENT_TYPES;
export const DOCUMENT_CONTENT_TYPE_LIST = Object.keys(DOCUMENT_CONTENT_TYPES) as DocumentContentType[];

/** True when the bytes start as files of this content type do. */
export function magicMatches(contentType: DocumentContentType, bytes: Uint8Array): boolean {
  const { magic } = DOCUMENT_CONTENT_TYPES[contentType];
  return bytes.length >= magic.length && magic.every((b, i) => bytes[i] === b);
}

/**
 * Invisible characters that make a name read as something it is not: controls (C0, DEL, C1) and
 * format characters (Unicode Cf: bidi overrides and isolates such as U+202E, which show
 * `invoice<U+202E>fdp.exe` as `invoiceexe.pdf`, zero-width spaces, soft hyphens).
 */
const CONTROL = /\p{Cc}/u;
const FORMAT = /\p{Cf}/u;
const UNSEEN = /[\p{Cc}\p{Cf}]/gu;

/** A file name safe in a Content-Disposition header and on any file system. */
const FileName = z
  .string()
  .trim()
  .min(1)
  .max(200)
  .refine((s) => !CONTROL.test(s) && !/[/\\"]/.test(s), { message: 'fileName must not contain control characters, slashes, backslashes or double quotes.', params: { code: 'invalidValue' } })
  .refine((s) => !FORMAT.test(s), {
    message: 'fileName must not contain invisible formatting characters (such as the right-to-left override U+202E or a zero-width space): they make a name read differently from what it is.',
    params: { code: 'invalidValue' },
  });

/**
 * The name ending in an extension of its content type: kept when it does (in any case), otherwise
 * the extension is added rather than put in place of the last one, since a dot in a name need not
 * start an extension (`Letter v2.1`) and the name given stays readable (`evil.html` → `evil.html.pdf`).
 */
export function withContentTypeExtension(fileName: string, contentType: DocumentContentType): string {
  const { extension, extensions } = DOCUMENT_CONTENT_TYPES[contentType];
  const dot = fileName.lastIndexOf('.');
  const current = dot < 0 ? '' : fileName.slice(dot + 1).toLowerCase();
  return (extensions as readonly string[]).includes(current) ? fileName : `${fileName}.${extension}`;
}

/** The name shown and served: one stored before these rules loses its invisible characters and gets its extension too. */
export function downloadFileName(fileName: string, contentType: DocumentContentType): string {
  return withContentTypeExtension(fileName.replace(UNSEEN, '') || 'document', contentType);
}

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
