import { cache } from 'react';
import type { Metadata } from 'next';
import Link from 'next/link';
import { ButtonLink } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { PageHeader } from '@/components/ui/page-header';
import { DataTable } from '@/components/reference/data-table';
import { plural } from '@/components/reference/format';
import { orNotFound } from '@/components/reference/server';
import { Breadcrumb, Code, DescriptionList, DetailCard, DotBadge, linkClass, Muted, ServiceTypeBadge } from '@/components/reference/ui';
import { requireScope } from '@/lib/auth/page-context';
import { ActiveToggle } from '@/components/setup/active-toggle';
import { InactiveBadge } from '@/components/setup/inactive-badge';
import { PackageEditorDialog } from '@/components/setup/package-editor';
import { locationOptions, serviceCatalog } from '@/lib/domain/packages/editor-data';
import { getPackage } from '@/lib/domain/packages';

type Props = { params: Promise<{ id: string }> };

/** Read once per request, shared by the metadata and the page. */
const load = cache(async (id: string) => getPackage(await requireScope('package.read'), id));

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const pkg = await load((await params).id).catch(() => null);
  return { title: pkg?.name ?? 'Package' };
}

export default async function PackagePage({ params }: Props) {
  const ctx = await requireScope('package.read');
  const { id } = await params;
  const pkg = await orNotFound(load(id));
  const canWrite = ctx.scopes.has('package.write');
  const [catalog, options] = canWrite ? await Promise.all([serviceCatalog(ctx), locationOptions(ctx)]) : [[], []];
  return (
    <>
      <PageHeader
        eyebrow={<Breadcrumb parent="Packages" href="/packages" />}
        title={
          <span className="inline-flex items-center gap-3">
            {pkg.name} <DotBadge isDot={pkg.isDot} /> <InactiveBadge isActive={pkg.isActive} />
          </span>
        }
        description={!pkg.isActive ? 'Deactivated: it cannot be ordered; orders already placed keep it.' : pkg.location ? `Orderable at ${pkg.location.name}` : pkg.company ? `Orderable at every location of ${pkg.company.name}` : undefined}
        actions={
          <>
            {ctx.scopes.has('clinic.search') && pkg.isActive ? <ButtonLink variant="secondary" href={`/clinics?package=${pkg.id}`}>Find clinics offering it</ButtonLink> : null}
            {canWrite ? (
              <>
                <PackageEditorDialog mode="edit" pkg={pkg} catalog={catalog} locations={options.filter((l) => l.companyId === pkg.company?.id)} />
                <ActiveToggle kind="package" id={pkg.id} name={pkg.name} isActive={pkg.isActive} />
              </>
            ) : null}
          </>
        }
      />
      <div className="grid gap-6 lg:grid-cols-3">
        <div className="lg:col-span-1">
          <DetailCard id="package-details" title="Details">
            <DescriptionList
              items={[
                { term: 'Company', value: pkg.company ? <Link href={`/companies/${pkg.company.id}`} className={linkClass}>{pkg.company.name}</Link> : null },
                { term: 'Available at', value: pkg.location ? <Link href={`/locations/${pkg.location.id}`} className={linkClass}>{pkg.location.name}</Link> : 'All locations of the company' },
                { term: 'Regulation', value: pkg.isDot ? 'Includes a DOT-regulated test' : 'Not DOT-regulated' },
                { term: 'Package id', value: <Code>{pkg.id}</Code>, wide: true },
              ]}
            />
          </DetailCard>
        </div>
        <div className="lg:col-span-2">
          <DetailCard id="package-services" title="Services" description={`${plural(pkg.services.length, 'service')}, in package order`} flush>
            <DataTable
              caption={`Services of ${pkg.name}`}
              rows={pkg.services.map((s, i) => ({ ...s, position: i + 1 }))}
              rowKey={(s) => s.id}
              empty={<EmptyState title="This package has no services" />}
              columns={[
                { key: 'position', header: <span className="sr-only">Position</span>, cell: (s) => <Muted>{s.position}</Muted>, className: 'w-10 text-right tabular-nums' },
                { key: 'name', header: 'Service', cell: (s) => <Link href={`/services/${s.id}`} className={linkClass}>{s.name}</Link> },
                { key: 'type', header: 'Type', cell: (s) => <ServiceTypeBadge type={s.type} /> },
              ]}
            />
          </DetailCard>
        </div>
      </div>
    </>
  );
}
