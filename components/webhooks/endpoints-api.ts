'use client';
/**
 * The dashboard's client of the account webhook endpoints (/api/v2/webhook-endpoints, DESIGN.md
 * 7.6): their paths, the queries of the list, one endpoint and its delivery log, and what every
 * change invalidates. Shapes are the API's own representations (types only).
 */
import { keepPreviousData, useQuery, type QueryClient } from '@tanstack/react-query';
import { apiGet, queryKeys, type Page } from '@/components/ui/api';
import type { CreatedWebhookEndpoint, EndpointDelivery, WebhookEndpoint } from '@/lib/api/representations';
import type { WebhookRecovery } from '@/lib/domain/contract/management';

export type { CreatedWebhookEndpoint, EndpointDelivery, WebhookRecovery };

/** An endpoint as the API represents it (with `failingSince`: since when every attempt failed). */
export type Endpoint = WebhookEndpoint;

/** A type of the catalog, as the forms offer it. */
export interface EventTypeChoice {
  type: string;
  summary: string;
}

export interface CompanyChoice {
  id: string;
  name: string;
}

export const endpointsPath = '/api/v2/webhook-endpoints';
export const endpointPath = (id: string, sub = '') => `${endpointsPath}/${encodeURIComponent(id)}${sub}`;

/** Up to 20 endpoints per tenant: one page holds them all. */
const LIST = { limit: 20 } as const;

export function useEndpoints(initialData?: Page<Endpoint>) {
  return useQuery({
    queryKey: queryKeys.webhookEndpoints.list(LIST),
    queryFn: ({ signal }) => apiGet<Page<Endpoint>>(endpointsPath, LIST, signal),
    initialData,
  });
}

export function useEndpoint(id: string, initialData?: Endpoint) {
  return useQuery({
    queryKey: queryKeys.webhookEndpoints.detail(id),
    queryFn: ({ signal }) => apiGet<Endpoint>(endpointPath(id), undefined, signal),
    initialData,
  });
}

/**
 * The log reads itself again every 2 seconds while a delivery waits for its first attempt (a second
 * or two), or while `following` (just after a redelivery); a retry waits minutes, and is not polled for.
 */
const WAITING_MS = 2_000;

export function useEndpointDeliveries(id: string, filters: { page: number; limit: number }, following: () => boolean = () => false) {
  return useQuery({
    queryKey: queryKeys.webhookEndpoints.deliveries(id, filters),
    queryFn: ({ signal }) => apiGet<Page<EndpointDelivery>>(endpointPath(id, '/deliveries'), filters, signal),
    placeholderData: keepPreviousData,
    refetchInterval: (q) => (following() || q.state.data?.data.some((d) => d.status === 'pending' && d.attempts.length === 0) ? WAITING_MS : false),
  });
}

/** After any change: the list, the endpoint and its log are read again. */
export function invalidateEndpoints(client: QueryClient) {
  return client.invalidateQueries({ queryKey: queryKeys.webhookEndpoints.all });
}
