import { searchClinics } from '@/lib/domain/clinics/search';
import { operations } from '@/lib/api/operations';
import { methods, operation } from '@/lib/http/route';

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: operation({ ...operations.searchClinics, handler: ({ ctx, query }) => searchClinics(ctx, query) }),
});
