import { operations } from '@/lib/api/operations';
import { getDocument } from '@/lib/domain/documents/queries';
import { methods, operation } from '@/lib/http/route';

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: operation({ ...operations.getDocument, handler: ({ ctx, params }) => getDocument(ctx, params.id) }),
});
