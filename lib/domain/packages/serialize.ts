/** The package representation (spec 2.6), declared with its schema in lib/domain/contract/representation.ts. */
import { API, companyRef, locationRef, serviceEntry, type Package } from '@/lib/domain/contract/representation';

export type { Package };

export interface PackageServiceRow {
  packageId: string;
  id: string;
  name: string;
  type: string;
  isDot: boolean;
  category: string | null;
  specimenType: string | null;
}

type Row = { id: string; name: string; companyId: string; companyName: string; locationId: string | null; locationName: string | null; isActive: boolean };

export function serializePackage(p: Row, items: PackageServiceRow[]): Package {
  return {
    id: p.id,
    object: 'package' as const,
    name: p.name,
    company: companyRef({ id: p.companyId, name: p.companyName }),
    location: p.locationId ? locationRef({ id: p.locationId, name: p.locationName ?? '' }) : null,
    isDot: items.some((s) => s.isDot),
    services: items.map(serviceEntry),
    url: `${API}/packages/${p.id}`,
    isActive: p.isActive,
  };
}
