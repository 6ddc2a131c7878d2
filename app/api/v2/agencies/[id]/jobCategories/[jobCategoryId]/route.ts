import { getJobCategory } from '@/lib/domain/agencies';
import { operations } from '@/lib/api/operations';
import { methods, operation } from '@/lib/http/route';

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: operation({ ...operations.getJobCategory, handler: ({ ctx, params }) => getJobCategory(ctx, params.id, params.jobCategoryId) }),
});
