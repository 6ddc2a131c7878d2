import { getPackage } from '@/lib/domain/packages';
import { methods, operation } from '@/lib/http/route';

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: operation({ scope: 'package.read', handler: ({ ctx, params }) => getPackage(ctx, params.id) }),
});
