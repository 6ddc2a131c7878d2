import { operations } from '@/lib/api/operations';
import { env } from '@/lib/config/env';
import { getSandboxClock, moveSandboxClock } from '@/lib/domain/sandbox/clock';
import { errorResponse, methods, operation, type RouteHandler } from '@/lib/http/route';

/** Staging only: production answers as for a path no route declares (app/api/v2/[...path]), before authentication. */
const stagingOnly =
  (handler: RouteHandler): RouteHandler =>
  async (request, context) =>
    env.APP_ENV === 'staging' ? handler(request, context) : errorResponse(404, [{ code: 'notFound', detail: `No API operation at ${new URL(request.url).pathname}.` }]);

const declared = methods({
  GET: operation({ ...operations.getSandboxClock, handler: ({ ctx }) => getSandboxClock({ ctx }) }),
  PUT: operation({ ...operations.moveSandboxClock, handler: ({ ctx, body }) => moveSandboxClock({ ctx, input: body }) }),
});

export const GET = stagingOnly(declared.GET);
export const PUT = stagingOnly(declared.PUT);
export const POST = stagingOnly(declared.POST);
export const PATCH = stagingOnly(declared.PATCH);
export const DELETE = stagingOnly(declared.DELETE);
