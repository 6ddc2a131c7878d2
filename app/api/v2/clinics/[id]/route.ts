import { getClinic } from '@/lib/domain/clinics';
import { operations } from '@/lib/api/operations';
import { methods, operation } from '@/lib/http/route';

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: operation({ ...operations.getClinic, handler: ({ ctx, params }) => getClinic(ctx, params.id) }),
});
