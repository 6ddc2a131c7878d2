/**
 * The tenant's settings (issue 28): dashboard users (DESIGN.md 6.4), API tokens and the webhook
 * signing secret. The dashboard's settings pages call these with the session cookie; `user.write`
 * and `token.write` belong to the admin role alone. A company-limited principal acts only within
 * its companies; nothing granted ever exceeds what the principal holds.
 */
import { CreateApiTokenBody } from '@/lib/domain/api-tokens/schemas';
import { ApiToken, CreatedApiToken, InvitationLink, User, WebhookSecret } from '@/lib/domain/contract/management';
import { InviteUserBody, UpdateUserBody } from '@/lib/domain/users/schemas';
import { ok, type OperationSpec } from './spec';

const WITHIN =
  'A role is given only when the principal holds every scope of it, and companies only among the principal\'s own (`allCompanies` only by a principal linked to every company): 403 `insufficientScope` at `/role` or `/companyIds` otherwise. ';
const REACH =
  'A principal limited to some companies manages only users limited to companies among its own; any other user answers 404 like a missing one.';

export const settingsOperations = {
  inviteUser: {
    method: 'POST', path: '/api/v2/users', scope: 'user.write', tag: 'users', summary: 'Invite a dashboard user',
    description:
      'Creates the user without a password and e-mails a one-time link (valid 7 days) to choose one; the user is `invited` until then. ' +
      WITHIN + 'An address already in use in the tenant is 409 `conflict` at `/email`.',
    body: InviteUserBody, created: 'user',
    responses: { 201: { description: 'Invited', schema: User, headers: { Location: 'Path of the new user.' } } },
    errors: [400, 404, 409, 413],
  },
  updateUser: {
    method: 'PATCH', path: '/api/v2/users/{id}', scope: 'user.write', tag: 'users', summary: 'Change a dashboard user',
    description:
      'The members sent change: `role`, the companies (`allCompanies`, `companyIds`), and `isActive` (`false` deactivates: every session of the user ends and open invitation links stop working; `true` reactivates). ' +
      'Nothing is deleted. A principal cannot change its own role, companies or activity (422 `invalidState`). ' + WITHIN + REACH,
    body: UpdateUserBody, responses: ok(User), errors: [400, 404, 413, 422],
  },
  resendUserInvitation: {
    method: 'POST', path: '/api/v2/users/{id}/invitation', scope: 'user.write', tag: 'users', summary: 'Send a new invitation link',
    description: 'E-mails the invited user a new link; the previous one stops working. 422 `invalidState` for a user who has set a password, or is deactivated. ' + REACH,
    responses: ok(User), errors: [404, 422],
  },
  showUserInvitationLink: {
    method: 'POST', path: '/api/v2/users/{id}/invitation/link', scope: 'user.write', tag: 'users', summary: 'Show an undelivered invitation link, once',
    description:
      'When the invitation e-mail failed (`invitationMessage.status` `failed`, e.g. `providerNotConfigured`), the principal who sent the invitation gets its link here, to pass on by hand: ' +
      'once (`invitationLinkAvailable` turns false), and audited. 422 `invalidState` when the user has no open invitation, when its e-mail did not fail (queued or sent), when it expired, or when the link was shown already. ' +
      'A user whose open invitation another principal sent answers 404, like a missing one. ' + REACH,
    responses: ok(InvitationLink), errors: [404, 422],
  },
  unlockUserSignIn: {
    method: 'POST', path: '/api/v2/users/{id}/signInUnlock', scope: 'user.write', tag: 'users', summary: "Unlock a user's sign-in",
    description: 'After too many sign-in attempts: the counts start afresh, from every address, and unlock links e-mailed before stop working. ' + REACH,
    responses: ok(User), errors: [404],
  },
  createApiToken: {
    method: 'POST', path: '/api/v2/apiTokens', scope: 'token.write', tag: 'apiTokens', summary: 'Create an API token',
    description:
      'The answer holds the token itself, `token`, this once: only its hash is stored. ' +
      'The scopes must be among the principal\'s own and the companies among its own (`allCompanies` only from a principal linked to every company): 403 `insufficientScope` at `/scopes` or `/companyIds` otherwise, and nothing is created.',
    body: CreateApiTokenBody, created: 'apiToken',
    responses: { 201: { description: 'Created', schema: CreatedApiToken, headers: { Location: 'Path of the new token.' } } },
    errors: [400, 404, 413],
  },
  revokeApiToken: {
    method: 'DELETE', path: '/api/v2/apiTokens/{id}', scope: 'token.write', tag: 'apiTokens', summary: 'Revoke an API token',
    description:
      'Every request with the token is refused from now on (within 5 seconds on other instances). The token stays listed, with `revokedAt`; revoking again answers it unchanged. ' +
      'A principal limited to some companies revokes only tokens limited to companies among its own; any other token answers 404 like a missing one.',
    responses: ok(ApiToken), errors: [404],
  },
  rotateWebhookSecret: {
    method: 'POST', path: '/api/v2/webhooks/secret/rotation', scope: 'webhook.write', tag: 'webhooks', summary: 'Rotate the webhook signing secret',
    description:
      'Replaces the tenant\'s Standard Webhooks signing secret at once: deliveries from now on are signed with the new one, which this answer shows. ' +
      'Needs a principal linked to every company of the tenant (403 `insufficientScope` for a company-limited one): the secret signs the deliveries of every company.',
    responses: ok(WebhookSecret), errors: [],
  },
} satisfies Record<string, OperationSpec>;
