import { getPackage } from '@/lib/domain/packages';
import { operations } from '@/lib/api/operations';
import { methods, operation } from '@/lib/http/route';

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: operation({ ...operations.getPackage, handler: ({ ctx, params }) => getPackage(ctx, params.id) }),
});
