import { listJobCategories } from '@/lib/domain/agencies';
import { operations } from '@/lib/api/operations';
import { methods, operation } from '@/lib/http/route';

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: operation({ ...operations.listJobCategories, handler: ({ ctx, params, query }) => listJobCategories(ctx, params.id, query) }),
});
