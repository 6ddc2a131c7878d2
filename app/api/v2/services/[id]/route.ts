import { getService } from '@/lib/domain/services';
import { operations } from '@/lib/api/operations';
import { methods, operation } from '@/lib/http/route';

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: operation({ ...operations.getService, handler: ({ ctx, params }) => getService(ctx, params.id) }),
});
