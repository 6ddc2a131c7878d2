import { getJobCategory } from '@/lib/domain/agencies';
import { methods, operation } from '@/lib/http/route';

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: operation({ scope: 'agency.read', handler: ({ ctx, params }) => getJobCategory(ctx, params.id, params.jobCategoryId) }),
});
