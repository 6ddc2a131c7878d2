/**
 * The action representation (DESIGN.md 7.4): what is due, by when, under which rule. Like
 * representation.ts: the zod schema with its same-name type, the serializer's return type, the
 * OpenAPI document's schema and what the API tests validate responses against.
 */
import { z } from 'zod';
import { ACTION_SEVERITIES, ACTION_STATUSES, ACTION_SUBJECTS } from './action-types';
import { API, CompanyRef } from './representation';

const DateTime = z.iso.datetime().describe('ISO 8601 date-time with milliseconds, UTC (`Z`).');

export const actionUrl = (id: string) => `${API}/actions/${id}`;

export const ActionSubjectRef = z
  .object({
    object: z.enum(ACTION_SUBJECTS),
    id: z.string(),
    url: z.string().describe('The subject\'s resource (`misReport`: the MIS report of its year, agency and company).'),
  })
  .describe('What the action is about.');

export const Action = z
  .object({
    object: z.literal('action'),
    id: z.string(),
    url: z.string(),
    type: z.string().describe('What is due: one of the types `GET /api/v2/actions` describes, each with its rule and citation (an open list: new rules add types).'),
    severity: z.enum(ACTION_SEVERITIES),
    title: z.string(),
    subject: ActionSubjectRef,
    company: CompanyRef.nullable().describe('The company it concerns; null for a tenant-wide action (a consortium pool, a webhook endpoint).'),
    dueAt: DateTime.nullable().describe("When it is due, on the tenant's clock."),
    overdue: z.boolean().describe("Open and past `dueAt` on the tenant's clock."),
    citation: z.string().nullable().describe('The rule, e.g. `49 CFR 382.303(d)(1)`; null for an action of the product\'s own.'),
    resolvableByHand: z.boolean().describe('False: only fixing its cause resolves it (`PUT .../resolution` is 422 `invalidState`); dismissing stays possible.'),
    status: z.enum(ACTION_STATUSES),
    resolvedAt: DateTime.nullable(),
    resolvedBy: z
      .object({ type: z.enum(['user', 'token', 'system']), id: z.string().nullable(), name: z.string().nullable() })
      .nullable()
      .describe('Who resolved or dismissed it; `system` when its cause went away.'),
    resolution: z.enum(['automatic', 'manual']).nullable().describe('`automatic`: its cause was fixed or went away; `manual`: a person resolved or dismissed it.'),
    note: z.string().nullable(),
    createdAt: DateTime,
  })
  .meta({ id: 'Action' });
export type Action = z.output<typeof Action>;

const actionEvent = <T extends string>(type: T, id: string, description: string) =>
  z
    .object({
      id: z.string().describe('`evt_…`: the `webhook-id` of every delivery of this event.'),
      object: z.literal('event'),
      type: z.literal(type),
      createdAt: DateTime,
      data: z.object({ action: Action }),
    })
    .describe(description)
    .meta({ id });

export const ActionCreatedEvent = actionEvent('action.created', 'ActionCreatedEvent', 'An action was raised: something is due under a rule.');
export type ActionCreatedEvent = z.output<typeof ActionCreatedEvent>;
export const ActionResolvedEvent = actionEvent('action.resolved', 'ActionResolvedEvent', 'An action was resolved (its cause fixed or gone, or a person resolved it) or dismissed.');
export type ActionResolvedEvent = z.output<typeof ActionResolvedEvent>;
