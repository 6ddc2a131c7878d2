import { getClinic } from '@/lib/domain/clinics';
import { methods, operation } from '@/lib/http/route';

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: operation({ scope: 'clinic.read', handler: ({ ctx, params }) => getClinic(ctx, params.id) }),
});
