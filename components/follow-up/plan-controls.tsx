'use client';
/**
 * What the employer does with a follow-up plan on the employee page (DESIGN.md 7.3): "Order now" on
 * a due test (POST /api/v2/follow-up-plans/{id}/tests/{number}/order, one click: the package and
 * location of the return-to-duty order, the employee's own way of receiving the pass, the signed-in
 * user as requester), and pausing or resuming the plan (PATCH /api/v2/follow-up-plans/{id}).
 * Errors are said beside the button; after a change the page is read again.
 */
import { useMutation } from '@tanstack/react-query';
import type { Order } from '@/lib/api/representations';
import type { OrderFollowUpTestBody } from '@/lib/domain/follow-up/schemas';
import { apiFetch, errorMessage } from '@/components/ui/api';
import { Button } from '@/components/ui/button';
import { useAfterSave } from '@/components/setup/form-kit';

/** The order "Order now" places: the body of orderFollowUpTest, ready to send. */
export type OrderNowRequest = OrderFollowUpTestBody;

function Failure({ error }: { error: unknown }) {
  return (
    <span role="alert" className="text-sm text-red-700 dark:text-red-400">
      {errorMessage(error)}
    </span>
  );
}

export function OrderNowButton({ planId, number, request }: { planId: string; number: number; request: OrderNowRequest }) {
  const afterSave = useAfterSave();
  const mutation = useMutation({
    mutationFn: async () =>
      (
        await apiFetch<Order>(`/api/v2/follow-up-plans/${encodeURIComponent(planId)}/tests/${number}/order`, {
          method: 'POST',
          body: request,
          headers: { 'Idempotency-Key': crypto.randomUUID() },
        })
      ).data,
    onSuccess: (order) => afterSave(`Order ${order.code} created for follow-up test ${number}`),
  });
  return (
    <span className="inline-flex flex-wrap items-center gap-2">
      <Button size="sm" loading={mutation.isPending} disabled={mutation.isSuccess} onClick={() => mutation.mutate()} aria-label={`Order now: follow-up test ${number}`}>
        Order now
      </Button>
      {mutation.isError ? <Failure error={mutation.error} /> : null}
    </span>
  );
}

export function PlanStatusButton({ planId, status }: { planId: string; status: 'active' | 'paused' }) {
  const afterSave = useAfterSave();
  const next = status === 'active' ? 'paused' : 'active';
  const mutation = useMutation({
    mutationFn: async () => apiFetch(`/api/v2/follow-up-plans/${encodeURIComponent(planId)}`, { method: 'PATCH', body: { status: next } }),
    onSuccess: () => afterSave(next === 'paused' ? 'Follow-up plan paused' : 'Follow-up plan resumed: the open due days moved by the paused time'),
  });
  return (
    <span className="inline-flex flex-wrap items-center gap-2">
      <Button size="sm" variant="secondary" loading={mutation.isPending} onClick={() => mutation.mutate()}>
        {next === 'paused' ? 'Pause plan' : 'Resume plan'}
      </Button>
      {mutation.isError ? <Failure error={mutation.error} /> : null}
    </span>
  );
}
