/**
 * The response contract of `/api/v2`, as zod schemas with same-name types: they document the API in
 * OpenAPI, the API tests validate real responses against the served document built from them, and
 * client components import the types from here (`import type`) instead of restating them.
 * The representations of spec section 2 are declared in lib/domain/contract/representation.ts, because the
 * serializers there return them and the domain imports nothing above it; the envelopes of the HTTP
 * layer (error, page) are declared here.
 */
import { z } from 'zod';

export {
  Address, Agency, AgencyRef, Clinic, ClinicRef, Company, CompanyRef, JobCategory, JobCategoryRef, Location, LocationRef, Order,
  OrderService, OrderUpdatedEvent, Package, PackageRef, ParticipantIdentifier, Service, ServiceAttributes, ServiceEntry,
  WebhookAttempt, WebhookDelivery,
} from '@/lib/domain/contract/representation';
export { Message } from '@/lib/domain/contract/representation';
export { Document, DocumentCreatedEvent } from '@/lib/domain/contract/representation';
export {
  Acknowledgements, ApiToken, CreatedApiToken, CreatedWebhookEndpoint, EndpointDelivery, EventType, NearbyClinics, User, WebhookEndpoint, WebhookSecret,
} from '@/lib/domain/contract/management';
export { Employee, EmployeeRef } from '@/lib/domain/contract/roster';
export { OrderClearinghouse, ServiceResult } from '@/lib/domain/contract/result-details';
export {
  RandomDraw, RandomDrawCreatedEvent, RandomDrawVerification, RandomHistoryEntry, RandomPool, RandomPoolProgress, RandomRate, RandomSelection,
  RandomSelectionEmployee, RandomSelectionUpdatedEvent,
} from '@/lib/domain/contract/random';
export { FollowUpPlan, FollowUpTest } from '@/lib/domain/contract/follow-up';
export { Action, ActionCreatedEvent, ActionResolvedEvent } from '@/lib/domain/contract/actions';
export type { Page } from '@/lib/domain/pagination';

export const ErrorEnvelope = z
  .object({
    statusCode: z.number().int(),
    error: z.string(),
    errors: z
      .array(
        z.object({
          code: z.string(),
          detail: z.string(),
          meta: z.record(z.string(), z.unknown()).optional(),
          source: z.object({ pointer: z.string() }).optional(),
        }),
      )
      .min(1),
  })
  .meta({ id: 'Error' });
export type ErrorEnvelope = z.output<typeof ErrorEnvelope>;
/** One entry of `errors` in the error envelope (spec 2.12). */
export type ErrorEntry = ErrorEnvelope['errors'][number];

/** The page envelope of spec 2.13 around one representation. */
export const pageOf = <T extends z.ZodType>(item: T, name: string) =>
  z
    .object({ data: z.array(item), total: z.number().int(), page: z.number().int(), limit: z.number().int() })
    .meta({ id: `${name}Page` });
