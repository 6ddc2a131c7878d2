import { getFollowUpPlan, updateFollowUpPlan } from '@/lib/domain/follow-up';
import { operations } from '@/lib/api/operations';
import { methods, operation } from '@/lib/http/route';

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: operation({ ...operations.getFollowUpPlan, handler: ({ ctx, params }) => getFollowUpPlan(ctx, params.id) }),
  PATCH: operation({ ...operations.updateFollowUpPlan, handler: ({ ctx, params, body }) => updateFollowUpPlan({ ctx, id: params.id, input: body }) }),
});
