import { operations } from '@/lib/api/operations';
import { listActions } from '@/lib/domain/actions';
import { methods, operation } from '@/lib/http/route';

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: operation({ ...operations.listActions, handler: ({ ctx, query }) => listActions(ctx, query) }),
});
