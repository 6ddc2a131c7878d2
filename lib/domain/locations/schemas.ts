/** Request bodies of the location writes (DESIGN.md 6.4), shared by the API, the dashboard's form and OpenAPI. Pure: the browser imports it. */
import { z } from 'zod';
import { AddressInput, IsActiveFilter, NameInput, OrderMatchingInput, PhoneInput } from '@/lib/domain/companies/schemas';
import { PageQuery, TextFilter } from '@/lib/domain/pagination';
import { Reference, SCHEDULE_STRATEGIES } from '@/lib/domain/contract/inputs';

export const ScheduleStrategiesInput = z
  .array(z.enum(SCHEDULE_STRATEGIES))
  .min(1)
  .max(SCHEDULE_STRATEGIES.length)
  .refine((list) => new Set(list).size === list.length, { message: 'scheduleStrategies must not repeat a strategy', params: { code: 'invalidValue' } });

/** Highest clinic price of a package accepted here, in US dollars (cents at most); null: no cap. */
export const FeeCapInput = z.number().min(0).max(100_000).multipleOf(0.01);

const locationMembers = {
  name: NameInput,
  phone: PhoneInput.nullish(),
  address: AddressInput,
  scheduleStrategies: ScheduleStrategiesInput.optional(),
  feeCap: FeeCapInput.nullish(),
  /** Null: the company's setting applies. */
  orderMatching: OrderMatchingInput.nullish(),
};

/** `POST /api/v2/locations`: the address's postalCode must be a known US ZIP code. */
export const CreateLocationBody = z.strictObject({ company: Reference, ...locationMembers }).meta({ id: 'CreateLocationRequest' });
export type CreateLocationBody = z.output<typeof CreateLocationBody>;

/** `PATCH /api/v2/locations/{id}`: the members sent change; a location stays with its company. */
export const UpdateLocationBody = z
  .strictObject({
    ...locationMembers,
    name: NameInput.optional(),
    address: AddressInput.optional(),
    isActive: z.boolean().optional(),
  })
  .meta({ id: 'UpdateLocationRequest' });
export type UpdateLocationBody = z.output<typeof UpdateLocationBody>;

/** A fee cap in dollars as stored, in cents. */
export const cents = (dollars: number | null | undefined) => (dollars === null || dollars === undefined ? null : Math.round(dollars * 100));

/** The list's query (`GET /api/v2/locations`). */
export const ListLocationsQuery = PageQuery.extend({
  name: TextFilter.optional(),
  companyId: z.string().min(1).max(255).optional(),
  city: TextFilter.optional(),
  state: TextFilter.optional(),
  /** `false` lists the deactivated locations (of active companies); default `true`. */
  isActive: IsActiveFilter.optional(),
});
export type ListLocationsQuery = z.output<typeof ListLocationsQuery>;
