/** Clinics (collection sites), spec 2.10 and 4.7. Search lives in ./search.ts. */
import { and, asc, eq, inArray } from 'drizzle-orm';
import { clinics, clinicServices, services } from '@/lib/db/schema';
import { orderableServiceIds } from '@/lib/domain/access';
import type { Ctx } from '@/lib/domain/context';
import { notFound } from '@/lib/domain/errors';
import { API, serviceEntry, toAddress, type Clinic } from '@/lib/domain/contract/representation';
import { zoneOf } from './hours';

/** The representation, declared with its schema in lib/domain/contract/representation.ts. */
export type { Clinic };

type ClinicRow = typeof clinics.$inferSelect;
type ServiceEntryRow = { clinicId: string; id: string; name: string; type: string };

export function serializeClinic(c: ClinicRow, offered: ServiceEntryRow[], distanceMiles?: number): Clinic {
  return {
    id: c.id,
    object: 'clinic' as const,
    name: c.name,
    address: toAddress(c),
    phone: c.phone,
    coordinates: c.lat === null || c.long === null ? null : { lat: c.lat, long: c.long },
    isActive: c.isActive,
    services: offered.map(serviceEntry),
    ...(distanceMiles !== undefined ? { distance: { miles: distanceMiles } } : {}),
    url: `${API}/clinics/${c.id}`,
    // The zone the search computes in SQL (`effectiveZoneSql`): the column, else the state's main zone.
    timeZone: c.timeZone ?? zoneOf(c.state),
    hours: c.hours as Clinic['hours'],
    capabilities: c.capabilities as Clinic['capabilities'],
  };
}

/** Services each clinic offers that the principal can order (spec 2.10), by name. */
export async function orderableServicesOfClinics(ctx: Ctx, clinicIds: string[]): Promise<ServiceEntryRow[]> {
  if (clinicIds.length === 0) return [];
  return ctx.db
    .select({ clinicId: clinicServices.clinicId, id: services.id, name: services.name, type: services.type })
    .from(clinicServices)
    .innerJoin(services, eq(services.id, clinicServices.serviceId))
    .where(and(inArray(clinicServices.clinicId, clinicIds), inArray(services.id, orderableServiceIds(ctx))))
    .orderBy(asc(services.name), asc(services.id));
}

/** A clinic owned by the principal's tenant; 404 for any failure. */
export async function getClinic(ctx: Ctx, id: string) {
  const [row] = await ctx.db.select().from(clinics).where(and(eq(clinics.tenantId, ctx.tenantId), eq(clinics.id, id)));
  if (!row) throw notFound('Clinic');
  return serializeClinic(row, await orderableServicesOfClinics(ctx, [row.id]));
}
