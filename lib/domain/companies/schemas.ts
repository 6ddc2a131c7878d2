/**
 * Request members shared by the company, location and package writes (DESIGN.md 6.4): the API, the
 * dashboard's forms and the OpenAPI document use these same schemas. Pure (zod only): the browser
 * imports it.
 */
import { z } from 'zod';
import { AddressInput, E164, IsActiveFilter, NameInput, ParticipantLanguageInput } from '@/lib/domain/contract/inputs';
import { PageQuery, TextFilter } from '@/lib/domain/pagination';

export const PhoneInput = E164;
export { AddressInput, IsActiveFilter, NameInput };

/** `{ enabled, windowDays }`, both optional: what is left out keeps its value (the default on create). */
export const OrderMatchingInput = z.strictObject({
  enabled: z.boolean().optional(),
  windowDays: z.number().int().min(1).max(365).optional(),
});
export type OrderMatchingInput = z.output<typeof OrderMatchingInput>;


/** The address columns of an address member (null clears them). */
export function addressColumns(address: z.output<typeof AddressInput> | null) {
  return {
    line1: address?.line1 ?? null,
    line2: address?.line2 ?? null,
    city: address?.city ?? null,
    state: address?.state ?? null,
    postalCode: address?.postalCode.trim() ?? null,
    country: address?.country ?? null,
  };
}

const companyMembers = {
  name: NameInput,
  phone: PhoneInput.nullish(),
  address: AddressInput.nullish(),
  backgroundCheckEnabled: z.boolean().optional(),
  orderMatching: OrderMatchingInput.optional(),
  /** Issue 29: the language of its participants' messages and pass page unless an order names one; default `en`. */
  participantLanguage: ParticipantLanguageInput.optional(),
};

/** `POST /api/v2/companies`. */
export const CreateCompanyBody = z.strictObject(companyMembers).meta({ id: 'CreateCompanyRequest' });
export type CreateCompanyBody = z.output<typeof CreateCompanyBody>;

/** `PATCH /api/v2/companies/{id}`: the members sent change, the others keep their values; `address: null` clears it. */
export const UpdateCompanyBody = z
  .strictObject({ ...companyMembers, name: NameInput.optional(), isActive: z.boolean().optional() })
  .meta({ id: 'UpdateCompanyRequest' });
export type UpdateCompanyBody = z.output<typeof UpdateCompanyBody>;

/** The list's query (`GET /api/v2/companies`). */
export const ListCompaniesQuery = PageQuery.extend({
  name: TextFilter.optional(),
  /** `false` lists the deactivated companies (an admin reactivates them); default `true`. */
  isActive: IsActiveFilter.optional(),
});
export type ListCompaniesQuery = z.output<typeof ListCompaniesQuery>;
