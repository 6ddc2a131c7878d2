/** Request bodies of the package writes (DESIGN.md 6.4), shared by the API, the dashboard's editor and OpenAPI. Pure: the browser imports it. */
import { z } from 'zod';
import { IsActiveFilter, NameInput } from '@/lib/domain/companies/schemas';
import { PageQuery, TextFilter } from '@/lib/domain/pagination';
import { Reference } from '@/lib/domain/contract/inputs';

export const MAX_PACKAGE_SERVICES = 20;

/** 1 to 20 distinct services, in package order; a repeated one is 400 `invalidValue` at `/services/<i>/id`. */
export const PackageServicesInput = z
  .array(Reference)
  .min(1)
  .max(MAX_PACKAGE_SERVICES)
  .superRefine((list, ctx) => {
    const seen = new Set<string>();
    list.forEach((s, i) => {
      if (seen.has(s.id)) ctx.addIssue({ code: 'custom', message: `Service ${s.id} is listed twice.`, path: [i, 'id'], params: { code: 'invalidValue' } });
      seen.add(s.id);
    });
  });

/** `POST /api/v2/packages`: a package of the company, or of one of its locations when `location` is given. */
export const CreatePackageBody = z
  .strictObject({ name: NameInput, company: Reference, location: Reference.nullish(), services: PackageServicesInput })
  .meta({ id: 'CreatePackageRequest' });
export type CreatePackageBody = z.output<typeof CreatePackageBody>;

/** `PATCH /api/v2/packages/{id}`: a new name, a new list of services (replacing the old), deactivation. */
export const UpdatePackageBody = z
  .strictObject({ name: NameInput.optional(), services: PackageServicesInput.optional(), isActive: z.boolean().optional() })
  .meta({ id: 'UpdatePackageRequest' });
export type UpdatePackageBody = z.output<typeof UpdatePackageBody>;

/** The list's query (`GET /api/v2/packages`). */
export const ListPackagesQuery = PageQuery.extend({
  name: TextFilter.optional(),
  companyId: z.string().min(1).max(255).optional(),
  /** Packages available at this location: its own and its company's. */
  locationId: z.string().min(1).max(255).optional(),
  /** `false` lists the deactivated packages (of active companies) instead of the orderable ones; default `true`. */
  isActive: IsActiveFilter.optional(),
});
export type ListPackagesQuery = z.output<typeof ListPackagesQuery>;
