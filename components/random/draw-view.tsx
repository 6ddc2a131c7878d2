'use client';
/**
 * A draw's page (DESIGN.md 7.2): what was drawn (pool, period, sizes, required and selected
 * counts), the proof (commitment, pool hash, the seed once revealed, the certificate, the eligible
 * list and how to verify), and the selections per kind with their notification day, status and
 * order, with "Order", "Order all" and "Excuse".
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import Link from 'next/link';
import { useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { apiFetch, errorMessage } from '@/components/ui/api';
import { Button } from '@/components/ui/button';
import { Card, CardBody, CardHeader } from '@/components/ui/card';
import { CopyButton } from '@/components/ui/copy-button';
import { DateTime } from '@/components/ui/date-time';
import { EmptyState } from '@/components/ui/empty-state';
import { PageHeader } from '@/components/ui/page-header';
import { Skeleton } from '@/components/ui/skeleton';
import { useToast } from '@/components/ui/toast';
import { formatCalendarDate } from '@/components/orders/format';
import { Breadcrumb, Code, DescriptionList, linkClass } from '@/components/reference/ui';
import { ExcuseDialog } from './excuse-dialog';
import { OrderDialog, type OrderChoice } from './order-dialog';
import { fetchDraw, fetchSelections } from './random-api';
import { SelectionStatusBadge } from './selection-status';
import { KIND_LABEL, KINDS, percent, randomKeys, type Kind, type RandomDraw, type RandomSelection } from './types';

export const VERIFY_COMMAND = 'npm run --silent cli -- random verify --file verification.json';

/** A selection's person as the API names them. */
export const selectionName = (s: RandomSelection) => s.employee.name;

export function DrawView({
  id,
  canWrite,
  canReadEmployees,
  requester,
  locations,
}: {
  id: string;
  canWrite: boolean;
  canReadEmployees: boolean;
  requester: { email: string; name?: string };
  locations: Array<{ id: string; name: string }>;
}) {
  const queryClient = useQueryClient();
  const toast = useToast();
  const draw = useQuery({ queryKey: randomKeys.draw(id), queryFn: ({ signal }) => fetchDraw(id, signal) });
  const selections = useQuery({ queryKey: randomKeys.selections(id), queryFn: ({ signal }) => fetchSelections(id, signal) });
  const refresh = () => queryClient.invalidateQueries({ queryKey: randomKeys.all });
  const [orderErrors, setOrderErrors] = useState<Record<string, string>>({});
  const order = useMutation({
    mutationFn: async ({ ids, choice }: { ids: string[]; choice: OrderChoice }) => {
      const failed: Record<string, string> = {};
      const body = { deliveryMethods: [{ type: choice.delivery }], requester, ...(choice.locationId ? { location: { id: choice.locationId } } : {}) };
      // One at a time: each is its own order, and one refused does not stop the others.
      for (const selectionId of ids) {
        try {
          await apiFetch(`/api/v2/random-selections/${encodeURIComponent(selectionId)}/order`, { method: 'POST', body });
        } catch (error) {
          failed[selectionId] = errorMessage(error);
        }
      }
      return { ordered: ids.length - Object.keys(failed).length, failed };
    },
    onSuccess: ({ ordered, failed }) => {
      setOrderErrors(failed);
      if (ordered) toast.success(ordered === 1 ? 'Test ordered' : `${ordered} tests ordered`);
      void refresh();
    },
  });
  const reveal = useMutation({
    mutationFn: () => apiFetch(`/api/v2/random-draws/${encodeURIComponent(id)}/reveal`, { method: 'POST' }),
    onSuccess: () => void refresh(),
  });

  if (draw.isPending) return <Skeleton className="h-96 w-full rounded-xl" />;
  if (draw.isError) return <EmptyState tone="error" title="This draw could not be read" description={errorMessage(draw.error)} />;
  const d = draw.data;
  const open = (selections.data ?? []).filter((s) => s.status === 'selected' && !s.order);
  return (
    <>
      <PageHeader
        eyebrow={<Breadcrumb parent={d.pool.name} href={`/random/pools/${d.pool.id}`} />}
        title={`Draw of ${d.period}`}
        description={`${d.pool.name} · ${d.poolSize} eligible · period ${formatCalendarDate(d.periodStart)} to ${formatCalendarDate(d.periodEnd)}`}
        actions={
          canWrite && open.length ? (
            <OrderDialog
              trigger={`Order all (${open.length})`}
              title={`Order ${open.length === 1 ? 'the selected test' : `all ${open.length} selected tests`}`}
              description="One order per selection, with the pool's package for its kind and the reason random."
              pending={order.isPending}
              locations={locations}
              onOrder={(choice) => order.mutate({ ids: open.map((s) => s.id), choice })}
            />
          ) : undefined
        }
      />
      {Object.keys(orderErrors).length ? (
        <Alert tone="danger" title="Some tests were not ordered" className="mb-4">
          <ul className="list-disc pl-5">
            {Object.entries(orderErrors).map(([sid, message]) => {
              const s = selections.data?.find((x) => x.id === sid);
              return <li key={sid}>{`${s ? selectionName(s) : sid}: ${message}`}</li>;
            })}
          </ul>
        </Alert>
      ) : null}
      <div className="grid gap-6 lg:grid-cols-3">
        <div className="flex flex-col gap-6 lg:col-span-1">
          <Card aria-labelledby="draw-facts">
            <CardHeader id="draw-facts" title="The draw" />
            <CardBody>
              <DrawFacts draw={d} />
            </CardBody>
          </Card>
          <Proof draw={d} canWrite={canWrite} revealing={reveal.isPending} onReveal={() => reveal.mutate()} revealError={reveal.isError ? errorMessage(reveal.error) : null} />
        </div>
        <div className="flex flex-col gap-6 lg:col-span-2">
          {selections.isPending ? (
            <Skeleton className="h-64 rounded-xl" />
          ) : selections.isError ? (
            <EmptyState tone="error" title="The selections could not be read" description={errorMessage(selections.error)} />
          ) : (
            KINDS.filter((k) => k === 'drug' || (d.selected.alcohol ?? 0) > 0 || selections.data.some((s) => s.kind === k)).map((kind) => (
              <Selections
                key={kind}
                kind={kind}
                rows={selections.data.filter((s) => s.kind === kind).sort((a, b) => a.rank - b.rank)}
                all={selections.data}
                canWrite={canWrite}
                canReadEmployees={canReadEmployees}
                ordering={order.isPending ? (order.variables?.ids ?? []) : []}
                locations={locations}
                onOrder={(sid, choice) => order.mutate({ ids: [sid], choice })}
                onExcused={() => {
                  toast.success('Excused: the next alternate is selected');
                  void refresh();
                }}
              />
            ))
          )}
        </div>
      </div>
    </>
  );
}


function DrawFacts({ draw: d }: { draw: RandomDraw }) {
  return (
    <DescriptionList
      items={[
        { term: 'Period', value: <span className="font-mono">{d.period}</span> },
        { term: 'Drawn', value: <DateTime iso={d.drawnAt} /> },
        { term: 'Drawn by', value: d.drawnBy.name ?? (d.drawnBy.type === 'token' ? 'An API token' : null) },
        { term: 'Pool size', value: String(d.poolSize) },
        { term: 'Mean pool size', value: String(d.meanPoolSize) },
        { term: 'Rates', value: `${percent(d.rates.drug)} drug, ${percent(d.rates.alcohol)} alcohol` },
        { term: 'Required this year', value: `${d.required.drug} drug, ${d.required.alcohol ?? 0} alcohol` },
        { term: 'Selected', value: `${d.selected.drug} drug, ${d.selected.alcohol} alcohol`, wide: true },
      ]}
    />
  );
}

function Proof({ draw: d, canWrite, revealing, onReveal, revealError }: { draw: RandomDraw; canWrite: boolean; revealing: boolean; onReveal: () => void; revealError: string | null }) {
  const verification = d.verificationUrl;
  return (
    <Card aria-labelledby="draw-proof">
      <CardHeader id="draw-proof" title="Proof" description="Anyone can re-check this draw: the seed was committed before the selection and the eligible list is hashed." />
      <CardBody className="space-y-4">
        <DescriptionList
          items={[
            { term: 'Commitment (SHA-256 of the seed)', value: <Code>{d.commitment}</Code>, wide: true },
            { term: 'Pool hash (SHA-256 of the eligible ids)', value: <Code>{d.poolHash}</Code>, wide: true },
            {
              term: 'Seed',
              value: d.seed ? <Code>{d.seed}</Code> : 'Not revealed yet: it is published once the period’s notifications are out, so nobody can predict a selection.',
              wide: true,
            },
            { term: 'Method', value: <Code>{d.algorithm}</Code>, wide: true },
          ]}
        />
        {canWrite && !d.seed ? (
          <div>
            <Button variant="secondary" size="sm" loading={revealing} onClick={onReveal}>
              Reveal seed
            </Button>
            {revealError ? <p role="alert" className="mt-2 text-sm text-red-700 dark:text-red-400">{revealError}</p> : null}
          </div>
        ) : null}
        <ul className="flex flex-col gap-2 text-sm">
          <li>
            <a href={d.certificateUrl} className={linkClass} download>
              Draw certificate (PDF)
            </a>
          </li>
          <li>
            <a href={d.snapshotUrl} className={linkClass} download>
              Eligible list (CSV)
            </a>
          </li>
        </ul>
        <section aria-labelledby="how-to-verify" className="rounded-lg border border-slate-200 bg-slate-50 p-3 text-sm dark:border-slate-800 dark:bg-slate-900/60">
          <h3 id="how-to-verify" className="font-semibold text-slate-900 dark:text-white">
            How to verify
          </h3>
          <ol className="mt-2 list-decimal space-y-2 pl-5 text-slate-700 dark:text-slate-300">
            <li>
              Once the seed is revealed, download the{' '}
              <a href={verification} download="verification.json" className={linkClass}>
                verification file
              </a>{' '}
              (the seed, the eligible ids in order, the method and the selected ids).
            </li>
            <li>
              Check that SHA-256 of the seed is the commitment above, then recompute the selection:
              <div className="mt-1 flex flex-wrap items-center gap-2">
                <code className="select-all break-all rounded bg-white px-2 py-1 font-mono text-xs dark:bg-slate-950">{VERIFY_COMMAND}</code>
                <CopyButton value={VERIFY_COMMAND} label="Copy command" />
              </div>
            </li>
            <li>
              Or in any language: each member&apos;s score is SHA-256 of <code className="font-mono text-xs">seedHex|drawId|kind|employeeId</code>, ranked ascending; the first ones
              are selected (docs/random-draws.md has a test vector).
            </li>
          </ol>
        </section>
      </CardBody>
    </Card>
  );
}

function Selections({
  kind,
  rows,
  all,
  canWrite,
  canReadEmployees,
  ordering,
  locations,
  onOrder,
  onExcused,
}: {
  kind: Kind;
  rows: RandomSelection[];
  all: RandomSelection[];
  canWrite: boolean;
  canReadEmployees: boolean;
  ordering: string[];
  locations: Array<{ id: string; name: string }>;
  onOrder: (id: string, choice: OrderChoice) => void;
  onExcused: () => void;
}) {
  const byId = new Map(all.map((s) => [s.id, s]));
  const heads = ['Rank', 'Employee', 'Notify on', 'Status', 'Order', ...(canWrite ? ['Actions'] : [])];
  return (
    <Card aria-labelledby={`selections-${kind}`} className="overflow-hidden">
      <CardHeader id={`selections-${kind}`} title={`${KIND_LABEL[kind]} tests`} description="Notify each person on their day (drawn at random within the period, so notices follow no pattern), and not before." />
      <div className="overflow-x-auto">
        <table className="min-w-full divide-y divide-slate-200 text-sm dark:divide-slate-800">
          <caption className="sr-only">{`${KIND_LABEL[kind]} selections`}</caption>
          <thead className="bg-slate-50/80 dark:bg-slate-900/60">
            <tr>
              {heads.map((h) => (
                <th key={h} scope="col" className="whitespace-nowrap px-4 py-2.5 text-left text-xs font-semibold uppercase tracking-wide text-slate-600 dark:text-slate-400">
                  {h}
                </th>
              ))}
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100 dark:divide-slate-800">
            {rows.length === 0 ? (
              <tr>
                <td colSpan={heads.length}>
                  <EmptyState title="None selected this period" />
                </td>
              </tr>
            ) : (
              rows.map((s) => {
                const name = selectionName(s);
                const replaces = s.replaces ? byId.get(s.replaces.id) : undefined;
                return (
                  <tr key={s.id} data-testid="selection">
                    <td className="px-4 py-3 tabular-nums">{s.rank}</td>
                    <td className="px-4 py-3">
                      {canReadEmployees ? (
                        <Link href={`/employees/${s.employee.id}`} className={linkClass}>
                          {name}
                        </Link>
                      ) : (
                        name
                      )}
                      {replaces ? <p className="text-xs text-slate-500 dark:text-slate-400">Alternate for {selectionName(replaces)}</p> : null}
                      {s.excuse ? <p className="text-xs text-slate-500 dark:text-slate-400">Excused: {s.excuse.reason}{s.excuse.note ? ` — ${s.excuse.note}` : ''}</p> : null}
                    </td>
                    <td className="whitespace-nowrap px-4 py-3">
                      <time dateTime={s.notifyOn}>{formatCalendarDate(s.notifyOn)}</time>
                    </td>
                    <td className="px-4 py-3">
                      <SelectionStatusBadge status={s.status} />
                    </td>
                    <td className="px-4 py-3">
                      {s.order ? (
                        <Link href={`/orders/${s.order.id}`} className={linkClass}>
                          View order
                        </Link>
                      ) : (
                        <span className="text-slate-500 dark:text-slate-400">—</span>
                      )}
                    </td>
                    {canWrite ? (
                      <td className="px-4 py-3">
                        {s.status === 'selected' && !s.order ? (
                          <div className="flex flex-nowrap gap-2">
                            <OrderDialog
                              trigger="Order"
                              triggerLabel={`Order a test for ${name}`}
                              title={`Order a ${kind} test for ${name}`}
                              description="With the pool's package for this kind and the reason random."
                              pending={ordering.includes(s.id)}
                              locations={locations}
                              onOrder={(choice) => onOrder(s.id, choice)}
                            />
                            <ExcuseDialog selection={s} name={name} onDone={onExcused} />
                          </div>
                        ) : null}
                      </td>
                    ) : null}
                  </tr>
                );
              })
            )}
          </tbody>
        </table>
      </div>
    </Card>
  );
}
