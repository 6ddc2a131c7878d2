'use client';
/** Above the form: the equivalent order the server returned instead of a new one, and errors that name no control. */
import Link from 'next/link';
import { forwardRef } from 'react';
import { Alert } from '@/components/ui/alert';
import type { ApiErrorEntry } from '@/components/ui/api';
import type { OrderResponse } from './types';

export const FormAlerts = forwardRef<HTMLDivElement, { matched: OrderResponse | null; errors: ApiErrorEntry[] }>(function FormAlerts({ matched, errors }, ref) {
  return (
    <div ref={ref} tabIndex={-1} className="outline-none">
      {matched ? (
        <Alert tone="info" title="An equivalent open order already exists" role="status">
          <p>
            The service returned order{' '}
            <Link href={`/orders/${matched.id}`} className="font-mono font-semibold underline" data-testid="matched-order-link">
              {matched.code}
            </Link>{' '}
            instead of creating a new one
            {matched.matched ? ` (match score ${matched.matched.score}, created via ${matched.matched.originalSource})` : ''}.
          </p>
        </Alert>
      ) : null}
      {errors.length ? (
        <Alert tone="danger" title="The order was not created">
          <ul className="list-disc pl-5">
            {errors.map((e, i) => (
              <li key={i}>{e.detail}</li>
            ))}
          </ul>
        </Alert>
      ) : null}
    </div>
  );
});
