/** The action center (DESIGN.md 7.4): what is due, by when, under which rule. */
import { Action } from '@/lib/domain/contract/actions';
import { ACTION_TYPES } from '@/lib/domain/contract/action-types';
import { DismissActionBody, ListActionsQuery, ResolveActionBody } from '@/lib/domain/actions/schemas';
import { pageOf } from '../representations';
import { ok, type OperationSpec } from './spec';

const TYPES = ACTION_TYPES.map(
  (t) => `\`${t.type}\` (${t.severity}${t.citation ? `, ${t.citation}` : ''}${t.resolvableByHand ? '' : ', resolves only by fixing its cause'}): ${t.rule}`,
).join('\n- ');

const REACH =
  'A principal sees the actions of its linked companies; actions of no company (a consortium pool, a webhook endpoint) only a principal linked to every company of the tenant.';

export const actionsOperations = {
  listActions: {
    method: 'GET', path: '/api/v2/actions', scope: 'action.read', tag: 'actions', summary: 'List actions',
    description: `Open actions by default; overdue first (the longest overdue first), then by \`dueAt\`, then id. ${REACH} The types:\n- ${TYPES}`,
    query: ListActionsQuery, responses: ok(pageOf(Action, 'Action')), errors: [400],
  },
  getAction: {
    method: 'GET', path: '/api/v2/actions/{id}', scope: 'action.read', tag: 'actions', summary: 'Get an action',
    responses: ok(Action), errors: [404],
  },
  resolveAction: {
    method: 'PUT', path: '/api/v2/actions/{id}/resolution', scope: 'action.write', tag: 'actions', summary: 'Resolve an action by hand',
    description:
      'Marks an open action resolved (`resolution: manual`) with an optional note: the record the rule asks for, or how the cause was fixed outside the product. ' +
      'A type that resolves only by fixing its cause (`resolvableByHand: false`) is 422 `invalidState`, as is an action already resolved or dismissed. Audited; sends `action.resolved`.',
    body: ResolveActionBody, bodyOptional: true, responses: ok(Action), errors: [400, 404, 413, 422],
  },
  dismissAction: {
    method: 'PUT', path: '/api/v2/actions/{id}/dismissal', scope: 'action.write', tag: 'actions', summary: 'Dismiss an action',
    description: 'Closes an open action of any type as `dismissed`, with the reason it needs no action in `note` (400 `required` at `/note`). 422 `invalidState` once resolved or dismissed. Audited; sends `action.resolved`.',
    body: DismissActionBody, responses: ok(Action), errors: [400, 404, 413, 422],
  },
} satisfies Record<string, OperationSpec>;
