import { operations } from '@/lib/api/operations';
import { clinicsOfferingNear } from '@/lib/domain/packages/clinics-near';
import { methods, operation } from '@/lib/http/route';

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: operation({ ...operations.listNearbyClinics, handler: ({ ctx, params, query }) => clinicsOfferingNear(ctx, { locationId: params.id, serviceIds: query.serviceIds }) }),
});
