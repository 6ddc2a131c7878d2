/** The action center's kernel (DESIGN.md 7.4): raise and resolve, in the transaction of the cause or the fix. */
export { ACTION_SEVERITIES, raiseAction, resolveActions, resolvedByOf, type ActionSeverity, type ActionSubject, type RaiseActionInput, type ResolveActionsInput } from './raise';
