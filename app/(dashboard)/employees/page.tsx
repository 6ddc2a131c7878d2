import type { Metadata } from 'next';
import Link from 'next/link';
import { ButtonLink } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { PageHeader } from '@/components/ui/page-header';
import { Badge } from '@/components/ui/badge';
import { DataTable, type Column } from '@/components/reference/data-table';
import { FilterForm } from '@/components/reference/filter-form';
import { Pagination } from '@/components/reference/pagination';
import { ProblemsAlert } from '@/components/reference/problems-alert';
import { parseQuery, readParams, type SearchParams } from '@/components/reference/search-params';
import { Code, linkClass, ListCard, Muted } from '@/components/reference/ui';
import { EmployeeFormDialog } from '@/components/employees/employee-form';
import { coverageLine, rosterName } from '@/components/employees/format';
import { requireScope } from '@/lib/auth/page-context';
import type { Employee } from '@/lib/api/representations';
import { listEmployees, ListEmployeesQuery } from '@/lib/domain/employees';
import { rosterOptions } from './options';

export const metadata: Metadata = { title: 'Employees' };

const columns: Column<Employee>[] = [
  {
    key: 'name',
    header: 'Name',
    cell: (e) => (
      <span className="flex flex-wrap items-center gap-2">
        <Link href={`/employees/${e.id}`} className={linkClass}>
          {rosterName(e)}
        </Link>
        {e.status === 'inactive' ? <Badge tone="muted">Inactive</Badge> : null}
      </span>
    ),
  },
  { key: 'externalId', header: 'Employee id', cell: (e) => <Code>{e.externalId}</Code> },
  {
    key: 'company',
    header: 'Company · Location',
    cell: (e) => (
      <>
        <div>{e.company.name}</div>
        <div className="text-slate-500 dark:text-slate-400">{e.location?.name ?? 'No location'}</div>
      </>
    ),
    className: 'hidden md:table-cell',
  },
  { key: 'dot', header: 'DOT coverage', cell: (e) => (e.dot ? <Badge tone="brand">{coverageLine(e.dot)}</Badge> : <Muted>Non-DOT</Muted>) },
  { key: 'status', header: 'Status', cell: (e) => (e.status === 'active' ? 'Active' : `Inactive since ${e.activeTo ?? '—'}`), className: 'hidden lg:table-cell' },
];

/** The roster (DESIGN.md 7.1): search by name, "Last, First" or employee id; filters and the page in the URL. */
export default async function EmployeesPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const ctx = await requireScope('employee.list');
  const params = readParams(await searchParams);
  const { query, problems } = parseQuery(ListEmployeesQuery, params);
  const [result, options] = await Promise.all([listEmployees(ctx, query), rosterOptions(ctx)]);
  const filtered = Boolean(query.search || query.companyId || query.locationId || query.agencyId || query.status);
  const canWrite = ctx.scopes.has('employee.write');
  const locations = query.companyId ? options.locations.filter((l) => l.companyId === query.companyId) : options.locations;
  return (
    <>
      <PageHeader
        title="Employees"
        description="The people your companies test: who is covered by DOT, under which agency, at which location. Random pools are drawn from the active ones."
        actions={
          canWrite ? (
            <div className="flex shrink-0 flex-wrap items-center gap-2 sm:flex-nowrap">
              <ButtonLink variant="secondary" size="sm" href="/employees/import">
                Import roster
              </ButtonLink>
              <EmployeeFormDialog mode="create" options={options} />
            </div>
          ) : undefined
        }
      />
      <ProblemsAlert problems={problems} />
      <ListCard>
        <FilterForm
          path="/employees"
          label="Filter employees"
          values={params}
          fields={[
            { type: 'text', name: 'search', label: 'Search', placeholder: 'Name, "Last, First" or employee id' },
            { type: 'select', name: 'companyId', label: 'Company', anyLabel: 'All companies', options: options.companies.map((c) => ({ value: c.id, label: c.name })) },
            { type: 'select', name: 'locationId', label: 'Location', anyLabel: 'All locations', options: locations.map((l) => ({ value: l.id, label: l.name })) },
            { type: 'select', name: 'agencyId', label: 'DOT agency', anyLabel: 'Any coverage', options: options.agencies.map((a) => ({ value: a.id, label: a.code })) },
            { type: 'select', name: 'status', label: 'Status', anyLabel: 'Active and inactive', options: [{ value: 'active', label: 'Active' }, { value: 'inactive', label: 'Inactive' }] },
          ]}
        />
        <DataTable
          caption="Employees"
          columns={columns}
          rows={result.data}
          rowKey={(e) => e.id}
          empty={
            <EmptyState
              title={filtered ? 'No employee matches these filters' : 'No employees yet'}
              description={filtered ? 'Try part of a name, "Last, First", or the employee id.' : canWrite ? 'Add them one by one or import your roster from a CSV file.' : undefined}
            />
          }
        />
        <Pagination path="/employees" params={params} page={result.page} limit={result.limit} total={result.total} noun="employees" />
      </ListCard>
    </>
  );
}
