import { createFollowUpPlan, listFollowUpPlans } from '@/lib/domain/follow-up';
import { operations } from '@/lib/api/operations';
import { methods, operation } from '@/lib/http/route';

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: operation({ ...operations.listFollowUpPlans, handler: ({ ctx, params, query }) => listFollowUpPlans(ctx, params.id, query) }),
  POST: operation({ ...operations.createFollowUpPlan, handler: ({ ctx, params, body }) => createFollowUpPlan({ ctx, employeeId: params.id, input: body }) }),
});
