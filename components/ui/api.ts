/**
 * The browser's client of /api/v2: the dashboard session cookie authenticates (same origin; the
 * API checks the Origin header of state-changing requests), answers in the spec's error envelope
 * become `ApiError`, and `queryKeys` is the one TanStack Query key factory per resource. Response
 * shapes are the API's own (lib/api/representations.ts), imported as types only.
 */
import type { ErrorEntry, Page } from '@/lib/api/representations';

export type ApiErrorEntry = ErrorEntry;
export type { Page };

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly entries: ApiErrorEntry[],
  ) {
    super(entries.map((e) => e.detail).join(' ') || `Request failed with status ${status}.`);
  }
}

type Query = Record<string, string | number | boolean | null | undefined | readonly string[]>;

/** `?a=1&b=x,y`, skipping empty values. */
export function toSearch(query: Query = {}): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null || value === '') continue;
    if (Array.isArray(value)) {
      if (value.length) params.set(key, value.join(','));
    } else params.set(key, String(value));
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}

export async function apiFetch<T>(
  path: string,
  options: { method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'; query?: Query; body?: unknown; headers?: Record<string, string>; signal?: AbortSignal } = {},
): Promise<{ status: number; data: T }> {
  const response = await fetch(`${path}${toSearch(options.query)}`, {
    method: options.method ?? 'GET',
    credentials: 'same-origin',
    signal: options.signal,
    headers: {
      Accept: 'application/json',
      ...(options.body !== undefined ? { 'Content-Type': 'application/json' } : {}),
      ...options.headers,
    },
    body: options.body !== undefined ? JSON.stringify(options.body) : undefined,
  });
  const text = await response.text();
  let json: unknown = null;
  try {
    json = text ? JSON.parse(text) : null;
  } catch {
    /* not JSON: handled below */
  }
  if (!response.ok) {
    const entries = (json as { errors?: ApiErrorEntry[] } | null)?.errors;
    throw new ApiError(response.status, entries?.length ? entries : [{ code: 'internalError', detail: `The server answered ${response.status}.` }]);
  }
  return { status: response.status, data: json as T };
}

/** GET returning the body only (the common case for queries). */
export async function apiGet<T>(path: string, query?: Query, signal?: AbortSignal): Promise<T> {
  return (await apiFetch<T>(path, { query, signal })).data;
}

/** A message in words for an error thrown by apiFetch (or anything else). */
export function errorMessage(error: unknown): string {
  if (error instanceof ApiError) {
    if (error.status === 401) return 'Your session has ended. Sign in again.';
    if (error.status === 403 && error.entries[0]?.code === 'insufficientScope') return 'Your role does not allow this action.';
    return error.entries.map((e) => e.detail).join(' ');
  }
  if (error instanceof Error) return error.message;
  return 'Something went wrong.';
}

/** Query keys, one factory per resource: invalidate `queryKeys.orders.all` after an order changes. */
export const queryKeys = {
  orders: {
    all: ['orders'] as const,
    list: (filters: Record<string, unknown>) => ['orders', 'list', filters] as const,
    detail: (id: string) => ['orders', 'detail', id] as const,
  },
  packages: {
    all: ['packages'] as const,
    list: (filters: Record<string, unknown>) => ['packages', 'list', filters] as const,
    detail: (id: string) => ['packages', 'detail', id] as const,
  },
  services: {
    all: ['services'] as const,
    list: (filters: Record<string, unknown>) => ['services', 'list', filters] as const,
    detail: (id: string) => ['services', 'detail', id] as const,
  },
  clinics: {
    all: ['clinics'] as const,
    search: (filters: Record<string, unknown>) => ['clinics', 'search', filters] as const,
    detail: (id: string) => ['clinics', 'detail', id] as const,
  },
  companies: {
    all: ['companies'] as const,
    list: (filters: Record<string, unknown>) => ['companies', 'list', filters] as const,
    detail: (id: string) => ['companies', 'detail', id] as const,
  },
  locations: {
    all: ['locations'] as const,
    list: (filters: Record<string, unknown>) => ['locations', 'list', filters] as const,
    detail: (id: string) => ['locations', 'detail', id] as const,
  },
  agencies: {
    all: ['agencies'] as const,
    list: (filters: Record<string, unknown>) => ['agencies', 'list', filters] as const,
    detail: (id: string) => ['agencies', 'detail', id] as const,
  },
  webhookDeliveries: {
    all: ['webhookDeliveries'] as const,
    list: (filters: Record<string, unknown>) => ['webhookDeliveries', 'list', filters] as const,
  },
  webhookEndpoints: {
    all: ['webhookEndpoints'] as const,
    list: (filters: Record<string, unknown>) => ['webhookEndpoints', 'list', filters] as const,
    detail: (id: string) => ['webhookEndpoints', 'detail', id] as const,
    deliveries: (id: string, filters: Record<string, unknown>) => ['webhookEndpoints', 'deliveries', id, filters] as const,
  },
} as const;
