/**
 * Request members of the account webhook endpoints (DESIGN.md 7.6): the API, a future dashboard form
 * and the OpenAPI document use these same schemas. Pure (zod only).
 */
import { z } from 'zod';
import { PageQuery } from '@/lib/domain/pagination';

/** Up to 20 endpoints per tenant. */
export const MAX_ENDPOINTS_PER_TENANT = 20;

const UrlInput = z.url({ protocol: /^https?$/ }).max(2000).describe('Where the events go: https, a public host (http and private addresses only in development).');
const DescriptionInput = z.string().trim().max(500).nullish();
/** Catalog types (`GET /api/v2/event-types`) or `["*"]` for every type; an unknown type is 400 `invalidValue` at `/enabledEvents/<i>`. */
const EnabledEventsInput = z.array(z.string().min(1).max(100)).min(1).max(50).describe('Event types of the catalog, or `["*"]` for every type.');
/** null: every company of the tenant; else only the events of these companies. */
const CompaniesInput = z.array(z.strictObject({ id: z.string().min(1).max(100) })).min(1).max(500).nullish();

export const CreateWebhookEndpointBody = z
  .strictObject({ url: UrlInput, description: DescriptionInput, enabledEvents: EnabledEventsInput, companies: CompaniesInput })
  .meta({ id: 'CreateWebhookEndpointRequest' });
export type CreateWebhookEndpointBody = z.output<typeof CreateWebhookEndpointBody>;

export const UpdateWebhookEndpointBody = z
  .strictObject({
    url: UrlInput.optional(),
    description: DescriptionInput,
    enabledEvents: EnabledEventsInput.optional(),
    companies: CompaniesInput,
    status: z.enum(['enabled', 'disabled']).optional(),
  })
  .meta({ id: 'UpdateWebhookEndpointRequest' });
export type UpdateWebhookEndpointBody = z.output<typeof UpdateWebhookEndpointBody>;

export const ListWebhookEndpointsQuery = PageQuery;
export type ListWebhookEndpointsQuery = z.output<typeof ListWebhookEndpointsQuery>;

export const ListEndpointDeliveriesQuery = PageQuery;
export type ListEndpointDeliveriesQuery = z.output<typeof ListEndpointDeliveriesQuery>;
