import { getAgency } from '@/lib/domain/agencies';
import { operations } from '@/lib/api/operations';
import { methods, operation } from '@/lib/http/route';

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: operation({ ...operations.getAgency, handler: ({ ctx, params }) => getAgency(ctx, params.id) }),
});
