import { cache } from 'react';
import type { Metadata } from 'next';
import Link from 'next/link';
import { ButtonLink } from '@/components/ui/button';
import { Badge } from '@/components/ui/badge';
import { PageHeader } from '@/components/ui/page-header';
import { formatCalendarDate, formatPhone } from '@/components/orders/format';
import { orNotFound } from '@/components/reference/server';
import { Breadcrumb, Code, DescriptionList, DetailCard, linkClass } from '@/components/reference/ui';
import { EmployeeFormDialog } from '@/components/employees/employee-form';
import { EmployeeOrders } from '@/components/employees/employee-orders';
import { EmployeeStatusToggle } from '@/components/employees/employee-status-toggle';
import { coverageLine, rosterName } from '@/components/employees/format';
import { RandomHistory } from '@/components/random/random-history';
import { FollowUpPlanPanel } from '@/components/follow-up/plan-panel';
import { FollowUpPlanForm, type ReturnToDutyChoice } from '@/components/follow-up/plan-form';
import type { OrderNowRequest } from '@/components/follow-up/plan-controls';
import { requireScope, type PageCtx } from '@/lib/auth/page-context';
import { tenantNow } from '@/lib/domain/clock';
import { getEmployee, type Employee } from '@/lib/domain/employees';
import { listFollowUpPlans, type FollowUpPlan } from '@/lib/domain/follow-up';
import { dayOf } from '@/lib/domain/follow-up/windows';
import { ListOrdersQuery } from '@/lib/domain/orders/schemas';
import { getOrder, listOrders } from '@/lib/domain/orders/queries';
import { rosterOptions } from '../options';

type Props = { params: Promise<{ id: string }> };

/** Read once per request, shared by the metadata and the page. */
const load = cache(async (id: string) => getEmployee(await requireScope('employee.read'), id));

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const employee = await load((await params).id).catch(() => null);
  return { title: employee ? rosterName(employee) : 'Employee' };
}

/** The employee's return-to-duty orders, newest first (the first 100 of their orders): what a follow-up plan names. */
async function returnToDutyOrders(ctx: PageCtx, employeeId: string): Promise<ReturnToDutyChoice[]> {
  const found: ReturnToDutyChoice[] = [];
  for (let page = 1; page <= 5; page++) {
    const { data, total } = await listOrders(ctx, ListOrdersQuery.parse({ employeeId, page, limit: 20 }));
    for (const o of data) if (o.testReason === 'returnToDuty') found.push({ id: o.id, code: o.code, status: o.status, createdOn: o.createdAt.slice(0, 10) });
    if (page * 20 >= total) break;
  }
  return found;
}

/**
 * What the follow-up panel needs of orders: the code of every order its tests name, and per plan the
 * "Order now" request (the return-to-duty order's location and package, the employee's way of
 * receiving the pass, the signed-in user as requester) for a role with order.create.
 */
async function followUpOrders(ctx: PageCtx, employee: Employee, plans: readonly FollowUpPlan[]) {
  const read = async (id: string) => (ctx.scopes.has('order.read') ? getOrder(ctx, id).catch(() => null) : null);
  const tested = [...new Set(plans.flatMap((p) => p.tests.flatMap((t) => (t.order ? [t.order.id] : []))))];
  const orderCodes = Object.fromEntries((await Promise.all(tested.map(read))).flatMap((o) => (o ? [[o.id, o.code] as const] : [])));
  if (!ctx.scopes.has('order.create')) return { orderCodes, orderNow: undefined };
  const delivery = employee.email ? 'email' : employee.phone ? 'sms' : 'none';
  const orderNow: Record<string, OrderNowRequest | null> = {};
  for (const plan of plans) {
    const rtd = plan.status === 'active' ? await read(plan.returnToDutyOrder.id) : null;
    orderNow[plan.id] =
      rtd?.location && rtd.packages[0]
        ? {
            deliveryMethods: [{ type: delivery }],
            location: { id: rtd.location.id },
            package: { id: rtd.packages[0].id },
            requester: { email: ctx.userEmail, ...(ctx.userName ? { name: ctx.userName } : {}) },
          }
        : null;
  }
  return { orderCodes, orderNow };
}

/** An employee (DESIGN.md 7.1): details, their orders, follow-up plan and random draws. */
export default async function EmployeePage({ params }: Props) {
  const ctx = await requireScope('employee.read');
  const { id } = await params;
  const employee = await orNotFound(load(id));
  const canWrite = ctx.scopes.has('employee.write');
  // The plan form: for the roles that keep the roster (employee.write) and can see the employee's orders.
  const canPlan = canWrite && ctx.scopes.has('order.list');
  const [options, plans, rtdOrders, now] = await Promise.all([
    canWrite ? rosterOptions(ctx) : null,
    listFollowUpPlans(ctx, employee.id, { page: 1, limit: 20 }),
    canPlan ? returnToDutyOrders(ctx, employee.id) : [],
    tenantNow(ctx),
  ]);
  const { orderCodes, orderNow } = await followUpOrders(ctx, employee, plans.data);
  const name = rosterName(employee);
  return (
    <>
      <PageHeader
        eyebrow={<Breadcrumb parent="Employees" href="/employees" />}
        title={
          <span className="inline-flex flex-wrap items-center gap-3">
            {name} {employee.status === 'inactive' ? <Badge tone="muted">Inactive</Badge> : null}
          </span>
        }
        description={`${employee.company.name}${employee.location ? ` · ${employee.location.name}` : ''} · ${coverageLine(employee.dot)}`}
        actions={
          <div className="flex shrink-0 flex-wrap items-center gap-2 sm:flex-nowrap">
            {ctx.scopes.has('order.create') && employee.status === 'active' ? (
              <ButtonLink size="sm" href={`/orders/new?employeeId=${encodeURIComponent(employee.id)}`}>
                Order a test
              </ButtonLink>
            ) : null}
            {options ? <EmployeeFormDialog mode="edit" employee={employee} options={options} /> : null}
            {canWrite ? <EmployeeStatusToggle id={employee.id} name={name} active={employee.status === 'active'} /> : null}
          </div>
        }
      />
      <div className="grid gap-6 lg:grid-cols-3">
        <div className="lg:col-span-1">
          <DetailCard id="employee-details" title="Details">
            <DescriptionList
              items={[
                { term: 'Employee id', value: <Code>{employee.externalId}</Code> },
                { term: 'Status', value: employee.status === 'active' ? `Active since ${formatCalendarDate(employee.activeFrom)}` : `Inactive since ${formatCalendarDate(employee.activeTo)}` },
                { term: 'Company', value: ctx.scopes.has('company.read') ? <Link href={`/companies/${employee.company.id}`} className={linkClass}>{employee.company.name}</Link> : employee.company.name },
                { term: 'Location', value: employee.location?.name ?? null },
                { term: 'DOT agency', value: employee.dot ? employee.dot.agency.code : 'Non-DOT' },
                { term: 'Job category', value: employee.dot?.jobCategory?.name ?? null },
                { term: 'Date of birth', value: employee.birthDate ? formatCalendarDate(employee.birthDate) : null },
                { term: 'CDL', value: employee.cdl ? <span data-testid="cdl">{`${employee.cdl.number}${employee.cdl.state ? ` (${employee.cdl.state})` : ''}`}</span> : null },
                { term: 'E-mail', value: employee.email ? <a href={`mailto:${employee.email}`} className={linkClass}>{employee.email}</a> : null, wide: true },
                { term: 'Phone', value: employee.phone ? formatPhone(employee.phone) : null },
                { term: 'Clearinghouse', value: employee.dot ? employee.clearinghouse.status : null },
              ]}
            />
          </DetailCard>
        </div>
        <div className="flex flex-col gap-6 lg:col-span-2">
          {ctx.scopes.has('order.list') ? (
            <DetailCard id="employee-orders" title="Orders" description="Every order placed for this employee, newest first." flush>
              <EmployeeOrders employeeId={employee.id} />
            </DetailCard>
          ) : null}
          {/* The due days of follow-up tests are for those who run the program (they must stay unannounced). */}
          <FollowUpPlanPanel
            plans={plans.data}
            showDueDays={canWrite}
            manage={canWrite}
            orderNow={orderNow}
            orderCodes={orderCodes}
            create={canPlan ? <FollowUpPlanForm employeeId={employee.id} employeeName={name} returnToDutyOrders={rtdOrders} today={dayOf(now)} /> : null}
          />
          {ctx.scopes.has('random.read') ? (
            <DetailCard id="employee-random" title="Random testing" description="Every draw this employee was in the pool for, and when they were selected." flush>
              <RandomHistory employeeId={employee.id} />
            </DetailCard>
          ) : null}
        </div>
      </div>
    </>
  );
}
