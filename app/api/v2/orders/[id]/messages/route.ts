import { listOrderMessages } from '@/lib/domain/messages/queries';
import { operations } from '@/lib/api/operations';
import { methods, operation } from '@/lib/http/route';

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: operation({ ...operations.listOrderMessages, handler: ({ ctx, params, query }) => listOrderMessages(ctx, params.id, query) }),
});
