import { cache } from 'react';
import type { Metadata } from 'next';
import Link from 'next/link';
import { ButtonLink } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { PageHeader } from '@/components/ui/page-header';
import { DataTable } from '@/components/reference/data-table';
import { cityLine, formatPhone, oneLineAddress, plural } from '@/components/reference/format';
import { DateTime } from '@/components/ui/date-time';
import { orNotFound } from '@/components/reference/server';
import { Breadcrumb, Code, DescriptionList, DetailCard, DotBadge, linkClass, Muted, ServiceChips } from '@/components/reference/ui';
import { requireScope } from '@/lib/auth/page-context';
import { ActiveToggle } from '@/components/setup/active-toggle';
import { CompanyFormDialog } from '@/components/setup/company-form';
import { InactiveBadge } from '@/components/setup/inactive-badge';
import { LocationFormDialog } from '@/components/setup/location-form';
import { PackageEditorDialog } from '@/components/setup/package-editor';
import { locationOptions, serviceCatalog } from '@/lib/domain/packages/editor-data';
import { getCompany } from '@/lib/domain/companies';
import { listLocations } from '@/lib/domain/locations';
import { listPackages } from '@/lib/domain/packages';

type Props = { params: Promise<{ id: string }> };

/** Read once per request, shared by the metadata and the page. */
const load = cache(async (id: string) => getCompany(await requireScope('company.read'), id));

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const company = await load((await params).id).catch(() => null);
  return { title: company?.name ?? 'Company' };
}

const PREVIEW = 10;

export default async function CompanyPage({ params }: Props) {
  const ctx = await requireScope('company.read');
  const { id } = await params;
  const company = await orNotFound(load(id));
  // "New package" opens the package editor with this company chosen.
  const canWritePackages = ctx.scopes.has('package.write');
  const [locations, packages, catalog, options] = await Promise.all([
    ctx.scopes.has('location.list') ? listLocations(ctx, { companyId: id, page: 1, limit: PREVIEW }) : null,
    ctx.scopes.has('package.list') ? listPackages(ctx, { companyId: id, page: 1, limit: PREVIEW }) : null,
    canWritePackages ? serviceCatalog(ctx) : [],
    canWritePackages ? locationOptions(ctx) : [],
  ]);
  return (
    <>
      <PageHeader
        eyebrow={<Breadcrumb parent="Companies" href="/companies" />}
        title={
          <span className="inline-flex flex-wrap items-center gap-3">
            {company.name} <InactiveBadge isActive={company.isActive} />
          </span>
        }
        description={oneLineAddress(company.address) || undefined}
        actions={
          ctx.scopes.has('company.write') ? (
            <>
              <CompanyFormDialog mode="edit" company={company} />
              <ActiveToggle kind="company" id={company.id} name={company.name} isActive={company.isActive} />
            </>
          ) : undefined
        }
      />
      <div className="grid gap-6 lg:grid-cols-3">
        <div className="lg:col-span-1">
          <DetailCard id="company-details" title="Details">
            <DescriptionList
              items={[
                { term: 'Address', value: company.address ? oneLineAddress(company.address) : null },
                { term: 'Phone', value: company.phone ? <a href={`tel:${company.phone}`} className={linkClass}>{formatPhone(company.phone)}</a> : null },
                { term: 'Created', value: <DateTime iso={company.createdAt} dateOnly /> },
                { term: 'Status', value: company.isActive ? 'Active' : 'Inactive: no new orders' },
                { term: 'Background checks', value: company.backgroundCheckEnabled ? 'Integration configured' : 'Not configured' },
                { term: "Participants' language", value: company.participantLanguage === 'es' ? 'Spanish (Español)' : 'English' },
                { term: 'Order matching', value: company.orderMatching.enabled ? `Within ${plural(company.orderMatching.windowDays, 'day')}` : 'Off', wide: true },
                { term: 'Company id', value: <Code>{company.id}</Code>, wide: true },
              ]}
            />
          </DetailCard>
        </div>
        <div className="flex flex-col gap-6 lg:col-span-2">
          {locations && (
            <DetailCard
              id="company-locations"
              title="Locations"
              description={plural(locations.total, 'active location')}
              flush
              actions={
                <>
                  {locations.total > 0 ? <ButtonLink variant="secondary" size="sm" href={`/locations?companyId=${company.id}`}>View all</ButtonLink> : null}
                  {ctx.scopes.has('location.write') ? <LocationFormDialog mode="create" companies={[{ id: company.id, name: company.name }]} companyId={company.id} /> : null}
                </>
              }
            >
              <DataTable
                caption={`Locations of ${company.name}`}
                rows={locations.data}
                rowKey={(l) => l.id}
                empty={<EmptyState title="No active locations" />}
                columns={[
                  { key: 'name', header: 'Name', cell: (l) => <Link href={`/locations/${l.id}`} className={linkClass}>{l.name}</Link> },
                  { key: 'city', header: 'City', cell: (l) => cityLine(l.address) || <Muted>—</Muted> },
                  { key: 'phone', header: 'Phone', cell: (l) => <span className="whitespace-nowrap">{formatPhone(l.phone)}</span>, className: 'hidden sm:table-cell' },
                ]}
              />
            </DetailCard>
          )}
          {packages && (
            <DetailCard
              id="company-packages"
              title="Packages"
              description={`${plural(packages.total, 'package')} orderable under this company`}
              flush
              actions={
                <div className="flex gap-2">
                  {packages.total > 0 ? <ButtonLink variant="secondary" size="sm" href={`/packages?companyId=${company.id}`}>View all</ButtonLink> : null}
                  {canWritePackages ? (
                    <PackageEditorDialog mode="create" companies={[{ id: company.id, name: company.name }]} companyId={company.id} catalog={catalog} locations={options} />
                  ) : null}
                </div>
              }
            >
              <DataTable
                caption={`Packages of ${company.name}`}
                rows={packages.data}
                rowKey={(p) => p.id}
                empty={<EmptyState title="No packages" />}
                columns={[
                  {
                    key: 'name',
                    header: 'Name',
                    cell: (p) => (
                      <span className="flex flex-wrap items-center gap-2">
                        <Link href={`/packages/${p.id}`} className={linkClass}>{p.name}</Link>
                        <DotBadge isDot={p.isDot} />
                      </span>
                    ),
                  },
                  { key: 'scope', header: 'Available at', cell: (p) => (p.location ? <Link href={`/locations/${p.location.id}`} className={linkClass}>{p.location.name}</Link> : <Muted>All locations</Muted>) },
                  { key: 'services', header: 'Services', cell: (p) => <ServiceChips services={p.services} max={2} />, className: 'hidden md:table-cell' },
                ]}
              />
            </DetailCard>
          )}
        </div>
      </div>
    </>
  );
}
