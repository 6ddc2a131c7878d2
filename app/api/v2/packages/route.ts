import { listPackages } from '@/lib/domain/packages';
import { createPackage } from '@/lib/domain/packages';
import { operations } from '@/lib/api/operations';
import { methods, operation } from '@/lib/http/route';

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: operation({ ...operations.listPackages, handler: ({ ctx, query }) => listPackages(ctx, query) }),
  POST: operation({ ...operations.createPackage, handler: ({ ctx, body }) => createPackage({ ctx, input: body }) }),
});
