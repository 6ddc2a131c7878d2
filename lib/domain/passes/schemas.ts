/** Request bodies of the pass operations (DESIGN.md 6.1): the API, the dashboard's forms and OpenAPI share them. */
import { z } from 'zod';

/** An expiry may be extended to at most this many days after the order's creation. */
export const MAX_EXPIRY_DAYS = 90;

export const ExtendExpirationBody = z.strictObject({
  expiresAt: z.iso.datetime({ offset: true }).describe('The new expiry: later than the current one, at most 90 days after the order was created.'),
});
export type ExtendExpirationBody = z.output<typeof ExtendExpirationBody>;

/** `POST /api/v2/orders/{id}/pass` takes an empty object (or no body). */
export const ReissuePassBody = z.strictObject({});
export type ReissuePassBody = z.output<typeof ReissuePassBody>;
