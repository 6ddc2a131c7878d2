import { z } from 'zod';
import { PageQuery } from '@/lib/domain/pagination';

export const DELIVERY_STATUSES = ['pending', 'delivered', 'failed'] as const;
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];

/** `GET /api/v2/webhooks/deliveries`: newest first, optionally one order's or one status's. */
export const ListWebhookDeliveriesQuery = PageQuery.extend({
  orderId: z.string().min(1).max(255).optional().describe('Only the deliveries of this order.'),
  status: z
    .enum(DELIVERY_STATUSES)
    .optional()
    .describe('`pending` (waiting for its first or next attempt), `delivered` (a 2xx answer), `failed` (the retry schedule ran out).'),
});
export type ListWebhookDeliveriesQuery = z.output<typeof ListWebhookDeliveriesQuery>;
