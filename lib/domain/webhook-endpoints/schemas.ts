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

/** `POST .../{id}/test`: a type of the catalog (400 `invalidValue` at `/type` otherwise). */
export const TestWebhookEndpointBody = z
  .strictObject({ type: z.string().min(1).max(100).describe('An event type of the catalog (`GET /api/v2/event-types`): its example payload is sent.') })
  .meta({ id: 'TestWebhookEndpointRequest' });
export type TestWebhookEndpointBody = z.output<typeof TestWebhookEndpointBody>;

/** Events are kept 30 days: a recovery reaches at most that far back. */
export const RECOVERY_WINDOW_DAYS = 30;

export const WebhookRecoveryBody = z
  .strictObject({
    since: z.iso
      .datetime({ offset: true })
      .describe(`Events created at or after this time; at most ${RECOVERY_WINDOW_DAYS} days ago (events are kept ${RECOVERY_WINDOW_DAYS} days; 400 \`invalidValue\` otherwise).`),
    until: z.iso.datetime({ offset: true }).optional().describe('Events created before this time; default now. After `since` (400 `invalidValue` otherwise).'),
  })
  .meta({ id: 'WebhookRecoveryRequest' });
export type WebhookRecoveryBody = z.output<typeof WebhookRecoveryBody>;
