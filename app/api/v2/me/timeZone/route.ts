import { operations } from '@/lib/api/operations';
import { setUserTimeZone } from '@/lib/domain/users/time-zone';
import { methods, operation } from '@/lib/http/route';

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  PUT: operation({ ...operations.setMyTimeZone, handler: ({ ctx, body }) => setUserTimeZone({ ctx, input: body }) }),
});
