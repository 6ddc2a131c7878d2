import type { Metadata } from 'next';
import Link from 'next/link';
import { CreateOrderForm } from '@/components/orders/create-order/create-order-form';
import { PageHeader } from '@/components/ui/page-header';
import { can, requireScope } from '@/lib/auth/page-context';
import { listAgencies } from '@/lib/domain/agencies';
import { getClinic, type Clinic } from '@/lib/domain/clinics';
import { getEmployee } from '@/lib/domain/employees';
import { DEFAULT_RADIUS_MILES } from '@/lib/domain/clinics/search';
import { distanceMiles, geocodeZip } from '@/lib/geo/geocode';
import { namesJobCategories, packageRules } from '@/lib/domain/orders/package-rules';
import { packagesAtLocations } from '@/lib/domain/packages/at-locations';
import { companyAndLocationOptions } from '../filter-options';

export const metadata: Metadata = { title: 'New order' };

/**
 * The clinic chosen on the map, for the form: its address, and its distance from each location
 * (from the location's ZIP code, as the package editor's clinic check measures it).
 */
function presetOf(clinic: Clinic, locations: ReadonlyArray<{ id: string; postalCode: string | null }>) {
  const milesFrom: Record<string, number | null> = {};
  for (const l of locations) {
    const origin = l.postalCode ? geocodeZip(l.postalCode) : null;
    milesFrom[l.id] = origin && clinic.coordinates ? Math.round(distanceMiles(origin, clinic.coordinates) * 10) / 10 : null;
  }
  const address = [clinic.address?.line1, clinic.address?.city, clinic.address?.state].filter(Boolean).join(', ');
  return { id: clinic.id, name: clinic.name, address, milesFrom, maxMiles: DEFAULT_RADIUS_MILES };
}

export default async function NewOrderPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const ctx = await requireScope('order.create');
  // "Order at this clinic" on the clinic map: the clinic comes chosen (a clinic the user may read).
  const { clinic: clinicParam, employeeId } = await searchParams;
  const presetClinic =
    typeof clinicParam === 'string' && clinicParam && can(ctx, 'clinic.read') ? await getClinic(ctx, clinicParam).catch(() => null) : null;
  // "Order a test" on an employee's page: the employee comes chosen (an active one the user may read and search).
  const canSearchEmployees = can(ctx, 'employee.list');
  const found = typeof employeeId === 'string' && employeeId && canSearchEmployees && can(ctx, 'employee.read') ? await getEmployee(ctx, employeeId).catch(() => null) : null;
  const presetEmployee = found?.status === 'active' ? found : undefined;
  const [{ companies, locations }, agencies] = await Promise.all([companyAndLocationOptions(ctx), listAgencies(ctx, { page: 1, limit: 20 })]);
  // The packages of each location and what their services call for, read here once for the form.
  const packages = await packagesAtLocations(ctx, locations.map((l) => l.id));
  const companyName = new Map(companies.map((c) => [c.id, c.name]));
  return (
    <div className="mx-auto max-w-4xl">
      <PageHeader
        eyebrow={
          <Link href="/orders" className="hover:text-slate-900 dark:hover:text-white">
            ← Orders
          </Link>
        }
        title="New order"
        description="Order a drug or alcohol test for one participant. Fields marked * are required."
      />
      <CreateOrderForm
        locations={locations.map((l) => ({ ...l, companyName: companyName.get(l.companyId) ?? '' }))}
        packages={packages.map((p) => ({
          id: p.id,
          name: p.name,
          isDot: p.isDot,
          services: p.services.map((s) => ({ id: s.id, name: s.name, isDot: s.isDot, specimenType: s.specimenType, type: s.type, category: s.category })),
          rules: packageRules(p.services),
          locationIds: p.locationIds,
        }))}
        agencies={agencies.data.map((a) => ({
          id: a.id,
          code: a.code,
          name: a.name,
          namesJobCategories: namesJobCategories(a.code),
          jobCategories: a.jobCategories.map((j) => ({ id: j.id, name: j.name })),
        }))}
        requester={{ email: ctx.userEmail, name: ctx.userName }}
        canSearchClinics={can(ctx, 'clinic.search')}
        canSearchEmployees={canSearchEmployees}
        presetEmployee={presetEmployee}
        presetClinic={presetClinic ? presetOf(presetClinic, locations) : undefined}
      />
    </div>
  );
}
