import { listPackages, ListPackagesQuery } from '@/lib/domain/packages';
import { methods, operation } from '@/lib/http/route';

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: operation({ scope: 'package.list', query: ListPackagesQuery, handler: ({ ctx, query }) => listPackages(ctx, query) }),
});
