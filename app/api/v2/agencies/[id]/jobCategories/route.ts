import { listJobCategories, ListJobCategoriesQuery } from '@/lib/domain/agencies';
import { methods, operation } from '@/lib/http/route';

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: operation({ scope: 'agency.read', query: ListJobCategoriesQuery, handler: ({ ctx, params, query }) => listJobCategories(ctx, params.id, query) }),
});
