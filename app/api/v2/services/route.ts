import { listServices } from '@/lib/domain/services';
import { operations } from '@/lib/api/operations';
import { methods, operation } from '@/lib/http/route';

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: operation({ ...operations.listServices, handler: ({ ctx, query }) => listServices(ctx, query) }),
});
