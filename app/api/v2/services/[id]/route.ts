import { getService } from '@/lib/domain/services';
import { methods, operation } from '@/lib/http/route';

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: operation({ scope: 'service.read', handler: ({ ctx, params }) => getService(ctx, params.id) }),
});
