/** A service row to its representation (spec 2.9). */
import { services } from '@/lib/db/schema';
import { API, serviceAttributes, type Service } from '@/lib/domain/contract/representation';

/** The representation, declared with its schema in lib/domain/contract/representation.ts. */
export type { Service };

export type ServiceRow = typeof services.$inferSelect;

export function serializeService(s: ServiceRow): Service {
  return {
    id: s.id,
    object: 'service' as const,
    name: s.name,
    type: s.type,
    attributes: serviceAttributes(s),
    isDot: s.isDot,
    url: `${API}/services/${s.id}`,
  };
}
