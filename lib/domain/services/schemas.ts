/**
 * The services' list query (spec 4.5, and `catalog` for the package editors): the API, the
 * dashboard's filters and the OpenAPI document use this same schema. Pure (zod only).
 */
import { z } from 'zod';
import { PageQuery, TextFilter } from '@/lib/domain/pagination';

/** Spec 2.9; the list is open: new values may be added. */
export const SERVICE_TYPES = [
  'additionalService', 'backgroundCheckService', 'breathAlcoholTest', 'clinical', 'confirmationTest',
  'injuryCareService', 'instantDrugTest', 'labBasedToxicology', 'occupationalHealthService',
  'safetyTraining', 'vaccination', 'mroService', 'unknown',
] as const;

/**
 * `GET /api/v2/services`. `catalog=true` lists the tenant's whole catalog, not only the services of
 * the principal's packages (spec 4.5), for whoever builds packages (`package.write`); `false` or
 * absent keeps spec 4.5.
 */
export const ListServicesQuery = PageQuery.extend({
  name: TextFilter.optional(),
  type: z.enum(SERVICE_TYPES).optional(),
  catalog: z
    .enum(['true', 'false'])
    .transform((v) => v === 'true')
    .optional()
    .meta({ description: '`true`: the tenant\'s whole service catalog (needs `package.write`); `false` or absent: the services in the principal\'s packages.' }),
});
export type ListServicesQuery = z.output<typeof ListServicesQuery>;
