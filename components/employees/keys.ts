/**
 * TanStack Query keys of the roster's client reads (the employee page's orders and random history),
 * one factory like components/ui/api.ts's `queryKeys`: a change invalidates `employeeKeys.all`.
 */
export const employeeKeys = {
  all: ['employees'] as const,
  orders: (id: string, page: number) => ['employees', id, 'orders', page] as const,
  randomHistory: (id: string) => ['employees', id, 'randomHistory'] as const,
};
