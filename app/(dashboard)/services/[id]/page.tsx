import { cache } from 'react';
import type { Metadata } from 'next';
import Link from 'next/link';
import { ButtonLink } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { PageHeader } from '@/components/ui/page-header';
import { DataTable } from '@/components/reference/data-table';
import { plural, serviceTypeLabel } from '@/components/reference/format';
import { allPages } from '@/lib/domain/pagination';
import { orNotFound } from '@/components/reference/server';
import { Breadcrumb, Code, DescriptionList, DetailCard, DotBadge, linkClass, Muted, ServiceTypeBadge } from '@/components/reference/ui';
import { requireScope } from '@/lib/auth/page-context';
import { listPackages } from '@/lib/domain/packages';
import { getService } from '@/lib/domain/services';

type Props = { params: Promise<{ id: string }> };

/** Read once per request, shared by the metadata and the page. */
const load = cache(async (id: string) => getService(await requireScope('service.read'), id));

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const service = await load((await params).id).catch(() => null);
  return { title: service?.name ?? 'Service' };
}

export default async function ServicePage({ params }: Props) {
  const ctx = await requireScope('service.read');
  const { id } = await params;
  const service = await orNotFound(load(id));
  // The packages the user can order, read through the same list as the Packages page.
  const packages = ctx.scopes.has('package.list') ? (await allPages((q) => listPackages(ctx, q))).filter((p) => p.services.some((s) => s.id === id)) : null;
  return (
    <>
      <PageHeader
        eyebrow={<Breadcrumb parent="Services" href="/services" />}
        title={service.name}
        description={serviceTypeLabel(service.type)}
        actions={ctx.scopes.has('clinic.search') ? <ButtonLink variant="secondary" href={`/clinics?services=${service.id}`}>Find clinics offering it</ButtonLink> : undefined}
      />
      <div className="grid gap-6 lg:grid-cols-3">
        <div className="lg:col-span-1">
          <DetailCard id="service-details" title="Details">
            <DescriptionList
              items={[
                { term: 'Type', value: <ServiceTypeBadge type={service.type} /> },
                { term: 'Regulation', value: <DotBadge isDot={service.isDot} /> },
                { term: 'Category', value: service.attributes?.category ?? null },
                { term: 'Specimen type', value: service.attributes?.type ?? null },
                { term: 'Service id', value: <Code>{service.id}</Code>, wide: true },
                { term: 'API', value: <Code>{service.url}</Code>, wide: true },
              ]}
            />
          </DetailCard>
        </div>
        {packages && (
          <div className="lg:col-span-2">
            <DetailCard id="service-packages" title="Packages with this service" description={plural(packages.length, 'package')} flush>
              <DataTable
                caption={`Packages that include ${service.name}`}
                rows={packages}
                rowKey={(p) => p.id}
                empty={<EmptyState title="No package you can order includes it" />}
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
                  { key: 'company', header: 'Company', cell: (p) => (p.company ? <Link href={`/companies/${p.company.id}`} className="hover:underline">{p.company.name}</Link> : <Muted>—</Muted>) },
                  { key: 'location', header: 'Available at', cell: (p) => (p.location ? <Link href={`/locations/${p.location.id}`} className="hover:underline">{p.location.name}</Link> : <Muted>All locations</Muted>), className: 'hidden sm:table-cell' },
                ]}
              />
            </DetailCard>
          </div>
        )}
      </div>
    </>
  );
}
