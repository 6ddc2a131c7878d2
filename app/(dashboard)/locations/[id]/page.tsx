import { cache } from 'react';
import type { Metadata } from 'next';
import Link from 'next/link';
import { ButtonLink } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { PageHeader } from '@/components/ui/page-header';
import { DataTable } from '@/components/reference/data-table';
import { formatPhone, oneLineAddress, plural } from '@/components/reference/format';
import { DateTime } from '@/components/ui/date-time';
import { orNotFound } from '@/components/reference/server';
import { Breadcrumb, Code, DescriptionList, DetailCard, DotBadge, linkClass, Muted, ServiceChips } from '@/components/reference/ui';
import { requireScope } from '@/lib/auth/page-context';
import { ActiveToggle } from '@/components/setup/active-toggle';
import { InactiveBadge } from '@/components/setup/inactive-badge';
import { LocationFormDialog } from '@/components/setup/location-form';
import { PackageEditorDialog } from '@/components/setup/package-editor';
import { locationOptions, serviceCatalog } from '@/lib/domain/packages/editor-data';
import { getLocation } from '@/lib/domain/locations';
import { listPackages } from '@/lib/domain/packages';

type Props = { params: Promise<{ id: string }> };

const STRATEGY_WORDS: Record<string, string> = { participantChoice: 'the participant chooses', nearestClinic: 'the nearest clinic', clinic: 'a named clinic' };

/** Read once per request, shared by the metadata and the page. */
const load = cache(async (id: string) => getLocation(await requireScope('location.read'), id));

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const location = await load((await params).id).catch(() => null);
  return { title: location?.name ?? 'Location' };
}

export default async function LocationPage({ params }: Props) {
  const ctx = await requireScope('location.read');
  const { id } = await params;
  const location = await orNotFound(load(id));
  // "New package" opens the package editor with this location's company and the location chosen.
  const canWritePackages = ctx.scopes.has('package.write');
  const [packages, catalog, options] = await Promise.all([
    ctx.scopes.has('package.list') ? listPackages(ctx, { locationId: id, page: 1, limit: 20 }) : null,
    canWritePackages ? serviceCatalog(ctx) : [],
    canWritePackages ? locationOptions(ctx) : [],
  ]);
  const near = location.address.postalCode ?? (location.address.city && location.address.state ? `${location.address.city}, ${location.address.state}` : null);
  return (
    <>
      <PageHeader
        eyebrow={<Breadcrumb parent="Locations" href="/locations" />}
        title={
          <span className="inline-flex flex-wrap items-center gap-3">
            {location.name} <InactiveBadge isActive={location.isActive} />
          </span>
        }
        description={oneLineAddress(location.address) || undefined}
        actions={
          <>
            {near && ctx.scopes.has('clinic.search') ? <ButtonLink variant="secondary" href={`/clinics?where=${encodeURIComponent(near)}`}>Find clinics nearby</ButtonLink> : null}
            {ctx.scopes.has('location.write') ? (
              <>
                <LocationFormDialog mode="edit" location={location} />
                <ActiveToggle kind="location" id={location.id} name={location.name} isActive={location.isActive} />
              </>
            ) : null}
          </>
        }
      />
      <div className="grid gap-6 lg:grid-cols-3">
        <div className="lg:col-span-1">
          <DetailCard id="location-details" title="Details">
            <DescriptionList
              items={[
                { term: 'Company', value: <Link href={`/companies/${location.company.id}`} className={linkClass}>{location.company.name}</Link> },
                { term: 'Address', value: oneLineAddress(location.address) || null },
                { term: 'Phone', value: location.phone ? <a href={`tel:${location.phone}`} className={linkClass}>{formatPhone(location.phone)}</a> : null },
                { term: 'Created', value: <DateTime iso={location.createdAt} dateOnly /> },
                { term: 'Status', value: location.isActive ? 'Active' : 'Inactive: no new orders' },
                { term: 'Fee cap', value: location.feeCap === null ? 'No cap' : `$${location.feeCap.toFixed(2)}` },
                { term: 'Clinic choice', value: location.scheduleStrategies.map((s) => STRATEGY_WORDS[s] ?? s).join(', '), wide: true },
                { term: 'Order matching', value: location.orderMatching ? (location.orderMatching.enabled ? `Within ${plural(location.orderMatching.windowDays, 'day')}` : 'Off') : "The company's setting" , wide: true },
                { term: 'Location id', value: <Code>{location.id}</Code>, wide: true },
              ]}
            />
          </DetailCard>
        </div>
        <div className="lg:col-span-2">
          {packages && (
            <DetailCard
              id="location-packages"
              title="Packages available here"
              description={`${plural(packages.total, 'package')}: this location's own and those of ${location.company.name}`}
              flush
              actions={
                <div className="flex gap-2">
                  {packages.total > packages.data.length ? <ButtonLink variant="secondary" size="sm" href={`/packages?locationId=${location.id}`}>View all</ButtonLink> : null}
                  {canWritePackages ? (
                    <PackageEditorDialog
                      mode="create"
                      companies={[{ id: location.company.id, name: location.company.name }]}
                      companyId={location.company.id}
                      locationId={location.id}
                      catalog={catalog}
                      locations={options}
                    />
                  ) : null}
                </div>
              }
            >
              <DataTable
                caption={`Packages available at ${location.name}`}
                rows={packages.data}
                rowKey={(p) => p.id}
                empty={<EmptyState title="No packages can be ordered here" />}
                columns={[
                  {
                    key: 'name',
                    header: 'Package',
                    cell: (p) => (
                      <span className="flex flex-wrap items-center gap-2">
                        <Link href={`/packages/${p.id}`} className={linkClass}>{p.name}</Link>
                        <DotBadge isDot={p.isDot} />
                      </span>
                    ),
                  },
                  { key: 'level', header: 'Defined for', cell: (p) => (p.location ? 'This location' : <Muted>The company</Muted>), className: 'hidden sm:table-cell' },
                  { key: 'services', header: 'Services', cell: (p) => <ServiceChips services={p.services} max={3} /> },
                ]}
              />
            </DetailCard>
          )}
        </div>
      </div>
    </>
  );
}
