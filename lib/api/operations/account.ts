/**
 * The signed-in dashboard user's own settings (issue 29): the time zone the dashboard shows their
 * times in. Any role may change its own; the caller must be a user signed in to the dashboard (its
 * session cookie), so an API token, which is no user, is refused with 403.
 */
import { UserTimeZone } from '@/lib/domain/contract/management';
import { SetTimeZoneBody } from '@/lib/domain/users/time-zone-schemas';
import { ok, type OperationSpec } from './spec';

export const accountOperations = {
  setMyTimeZone: {
    method: 'PUT', path: '/api/v2/me/timeZone', scope: null, caller: 'user', tag: 'account', summary: 'Set your time zone',
    description:
      'The IANA time zone (`America/Chicago`, `UTC`) every time of the dashboard is shown in for the signed-in user, and named on its pages. ' +
      'Recorded from the browser at the first sign-in; this changes it. An unknown zone is 400 `invalidValue` at `/timeZone`. ' +
      'Needs the dashboard\'s session cookie (any role): an API token is 403 `insufficientScope`. Audited (`user.timeZoneChanged`).',
    body: SetTimeZoneBody, responses: ok(UserTimeZone), errors: [400, 413],
  },
} satisfies Record<string, OperationSpec>;
