/** Samples of lib/api/operations/events.ts for the isolation matrix and the fuzz run (see ../operation-samples.ts). */
import type { SampleOf } from '../operation-samples';

// The catalog is the same for every tenant: reference data, like the agencies.
export const samples = {
  listEventTypes: () => ({ path: '/api/v2/event-types', companyScoped: false, global: true }),
} satisfies Record<string, SampleOf>;
