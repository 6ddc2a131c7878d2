/** The action center (DESIGN.md 7.4): the types as data, reads, resolving and dismissing, the sweep. */
export { resolveAcknowledgedResults } from './acknowledged';
export { raiseWithEvent, resolveWithEvent } from './changes';
export { dismissAction, resolveAction } from './close-action';
export { raiseAction, resolveActions, resolvedByOf, type ActionSubject, type RaiseActionInput, type ResolveActionsInput } from './raise';
export { actionRow, countOpenActions, getAction, listActions, mostUrgentActions, visibleAction } from './queries';
export { DismissActionBody, ListActionsQuery, ResolveActionBody } from './schemas';
export { serializeAction, subjectUrl, type Action } from './serialize';
export { runActionSweep, SWEPT_TYPES, type ActionSweepOptions, type ActionSweepResult } from './sweep';
export * from './types';
