/** Follow-up testing plans (DESIGN.md 7.3): schemas, reads, one file per change, the sweep on the tenant's clock. */
export { createFollowUpPlan } from './create-follow-up-plan';
export { orderFollowUpTest } from './order-follow-up-test';
export { getFollowUpPlan, listFollowUpPlans } from './queries';
export { CreateFollowUpPlanBody, ListFollowUpPlansQuery, OrderFollowUpTestBody, UpdateFollowUpPlanBody } from './schemas';
export { serializePlan, type FollowUpPlan } from './serialize';
export { runFollowUpSweep, sweptAnything, type FollowUpSweepResult } from './sweep';
export { updateFollowUpPlan } from './update-follow-up-plan';
