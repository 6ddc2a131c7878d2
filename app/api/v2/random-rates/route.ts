import { listRandomRates } from '@/lib/domain/rates';
import { operations } from '@/lib/api/operations';
import { methods, operation } from '@/lib/http/route';

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: operation({ ...operations.listRandomRates, handler: ({ ctx, query }) => listRandomRates(ctx, query) }),
});
