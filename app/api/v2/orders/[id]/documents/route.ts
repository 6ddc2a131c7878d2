import { operations } from '@/lib/api/operations';
import { createDocument } from '@/lib/domain/documents/create-document';
import { listOrderDocuments } from '@/lib/domain/documents/queries';
import { methods, operation } from '@/lib/http/route';

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: operation({ ...operations.listOrderDocuments, handler: ({ ctx, params, query }) => listOrderDocuments(ctx, params.id, query) }),
  POST: operation({
    ...operations.uploadDocument,
    handler: ({ ctx, params, query, raw }) =>
      createDocument({ ctx, input: { orderId: params.id, type: query.type, serviceId: query.serviceId, fileName: query.fileName, contentType: raw!.contentType, bytes: raw!.bytes } }),
  }),
});
