/** Result documents and acknowledgement (DESIGN.md 6.2). */
import { Acknowledgements } from '@/lib/domain/contract/management';
import { AcknowledgeOrdersBody, MAX_ACKNOWLEDGEMENTS } from '@/lib/domain/orders/schemas';
import { AcknowledgeBody, DOCUMENT_CONTENT_TYPE_LIST, DocumentContentQuery, ListDocumentsQuery, MAX_DOCUMENT_BYTES, UploadDocumentQuery } from '@/lib/domain/documents/schemas';
import * as R from '../representations';
import { ok, type OperationSpec } from './spec';

export const documentsOperations = {
  uploadDocument: {
    method: 'POST', path: '/api/v2/orders/{id}/documents', scope: 'document.write', tag: 'documents', summary: 'Upload a document of an order',
    description:
      `The body is the file itself (not JSON): \`application/pdf\`, \`image/png\` or \`image/jpeg\`, at most ${MAX_DOCUMENT_BYTES} bytes (10 MiB; 413 \`tooBig\` above). ` +
      'A body whose first bytes do not match its Content-Type is 400 `invalidValue`. `type` says what it is; `serviceId` ties it to one service of the order; ' +
      '`fileName` defaults to `<order code>-<type>.<extension>`; a given one that ends otherwise gets the content type\'s extension added (`evil.html` → `evil.html.pdf`), ' +
      'and one with a control or invisible formatting character (a right-to-left override U+202E, a zero-width space) is 400 `invalidValue` at `/fileName`. ' +
      'The order\'s callback receives a `document.created` event. ' +
      'With an object store configured (`DOCUMENT_STORE_URL`), one that cannot be reached, or that holds other bytes than were sent, is 503 `serviceUnavailable` with Retry-After, and nothing is written.',
    query: UploadDocumentQuery, rawBody: { maxBytes: MAX_DOCUMENT_BYTES, contentTypes: DOCUMENT_CONTENT_TYPE_LIST }, created: 'document',
    responses: { 201: { description: 'Created', schema: R.Document, headers: { Location: 'Path of the new document.' } } },
    errors: [400, 404, 413, 503],
  },
  listOrderDocuments: {
    method: 'GET', path: '/api/v2/orders/{id}/documents', scope: 'document.read', tag: 'documents', summary: 'List the documents of an order',
    description: 'Newest first.',
    query: ListDocumentsQuery, responses: ok(R.pageOf(R.Document, 'Document')), errors: [400, 404],
  },
  getDocument: {
    method: 'GET', path: '/api/v2/documents/{id}', scope: 'document.read', tag: 'documents', summary: 'Get a document\'s metadata',
    responses: ok(R.Document), errors: [404],
  },
  getDocumentContent: {
    query: DocumentContentQuery,
    method: 'GET', path: '/api/v2/documents/{id}/content', scope: 'document.read', tag: 'documents', summary: 'Download a document',
    description:
      'The bytes, with `Content-Type`, `Content-Disposition` (inline; `?download=true` for attachment) and an `ETag` of the SHA-256 (`If-None-Match` answers 304). ' +
      'Each download is recorded in the order\'s audit trail. 404 once `retention purge` removed the contents. ' +
      'Bytes in an object store stream from it: 503 `serviceUnavailable` (nothing recorded) when it cannot be reached; stored bytes that are not the document\'s SHA-256 are never answered whole.',
    responses: {
      200: {
        description: 'The document\'s bytes.',
        files: DOCUMENT_CONTENT_TYPE_LIST,
        headers: { ETag: 'The quoted hex SHA-256 of the bytes.', 'Content-Disposition': 'inline or attachment, with the file name.' },
      },
    },
    errors: [404, 503],
  },
  acknowledgeOrder: {
    method: 'PUT', path: '/api/v2/orders/{id}/acknowledgement', scope: 'order.update', tag: 'orders', summary: 'Acknowledge a final result',
    description:
      'Records who acknowledged the order\'s final result and when (`acknowledgedAt`, `acknowledgedBy`). Body `{}`. Acknowledging again answers the order unchanged. ' +
      '422 `invalidState` for an order that is not final.',
    body: AcknowledgeBody, bodyOptional: true, responses: ok(R.Order), errors: [400, 404, 422],
  },
  acknowledgeOrders: {
    method: 'POST', path: '/api/v2/orders/acknowledgements', scope: 'order.update', tag: 'orders', summary: 'Acknowledge several final results',
    description:
      `Acknowledges 1 to ${MAX_ACKNOWLEDGEMENTS} orders together, as \`PUT /api/v2/orders/{id}/acknowledgement\` does one: all of them or none. ` +
      'An order the token cannot see is 404 at its member (`/orders/<i>/id`); one that is not final is 422 `invalidState` (`meta.orderId`). Orders acknowledged before keep their first acknowledgement.',
    body: AcknowledgeOrdersBody, responses: ok(Acknowledgements), errors: [400, 404, 413, 422],
  },
} satisfies Record<string, OperationSpec>;
