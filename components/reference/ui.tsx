/**
 * Pieces of the reference browsers built on the shared UI kit (components/ui): service and DOT
 * badges, detail cards, description lists, breadcrumbs. Server-renderable, no client state.
 */
import Link from 'next/link';
import type { ReactNode } from 'react';
import { Badge } from '@/components/ui/badge';
import { Card, CardBody, CardHeader } from '@/components/ui/card';
import { serviceTypeLabel, serviceTypeTone } from './format';

export const linkClass = 'font-medium text-brand-700 hover:text-brand-800 hover:underline dark:text-brand-300 dark:hover:text-brand-200';

export function DotBadge({ isDot }: { isDot: boolean }) {
  return isDot ? (
    <Badge tone="brand" title="Regulated by the U.S. Department of Transportation">
      DOT
    </Badge>
  ) : (
    <Badge tone="muted" title="Not regulated by the U.S. Department of Transportation">
      Non-DOT
    </Badge>
  );
}

export function ServiceTypeBadge({ type }: { type: string }) {
  return (
    <Badge tone={serviceTypeTone(type)} dot>
      {serviceTypeLabel(type)}
    </Badge>
  );
}

/** Service chips, at most `max` with "+N more" (whose title lists the rest). */
export function ServiceChips({ services, max = 3, link = false }: { services: Array<{ id: string; name: string; type: string }>; max?: number; link?: boolean }) {
  if (services.length === 0) return <Muted>None</Muted>;
  const shown = services.slice(0, max);
  const rest = services.length - shown.length;
  return (
    <ul className="flex flex-wrap gap-1" aria-label="Services">
      {shown.map((s) => (
        <li key={s.id}>
          {link ? (
            <Link href={`/services/${s.id}`} className="rounded-md hover:opacity-80">
              <Badge tone={serviceTypeTone(s.type)} title={serviceTypeLabel(s.type)}>
                {s.name}
              </Badge>
            </Link>
          ) : (
            <Badge tone={serviceTypeTone(s.type)} title={serviceTypeLabel(s.type)}>
              {s.name}
            </Badge>
          )}
        </li>
      ))}
      {rest > 0 && (
        <li>
          <Badge tone="muted" title={services.slice(max).map((s) => s.name).join(', ')}>
            +{rest} more
          </Badge>
        </li>
      )}
    </ul>
  );
}

/** "‹ Companies" above a detail page's title. */
export function Breadcrumb({ parent, href }: { parent: string; href: string }) {
  return (
    <nav aria-label="Breadcrumb">
      <Link href={href} className={`inline-flex items-center gap-0.5 rounded text-sm ${linkClass}`}>
        <svg aria-hidden="true" viewBox="0 0 20 20" fill="currentColor" className="h-4 w-4">
          <path fillRule="evenodd" d="M12.8 4.2a.75.75 0 010 1.06L8.06 10l4.74 4.74a.75.75 0 11-1.06 1.06l-5.27-5.27a.75.75 0 010-1.06l5.27-5.27a.75.75 0 011.06 0z" clipRule="evenodd" />
        </svg>
        {parent}
      </Link>
    </nav>
  );
}

/** A card with a titled header; `flush` bodies hold tables edge to edge. */
export function DetailCard({ id, title, description, actions, flush = false, children }: { id: string; title: ReactNode; description?: ReactNode; actions?: ReactNode; flush?: boolean; children: ReactNode }) {
  return (
    <Card aria-labelledby={id} className="overflow-hidden">
      <CardHeader id={id} title={title} description={description} actions={actions} />
      {flush ? children : <CardBody>{children}</CardBody>}
    </Card>
  );
}

/** Terms and values in two columns; `wide` items (long identifiers) take a whole row. */
export function DescriptionList({ items }: { items: Array<{ term: string; value: ReactNode; wide?: boolean }> }) {
  return (
    <dl className="grid grid-cols-1 gap-x-6 gap-y-4 sm:grid-cols-2">
      {items.map((item) => (
        <div key={item.term} className={item.wide ? 'min-w-0 sm:col-span-2' : 'min-w-0'}>
          <dt className="text-xs font-medium uppercase tracking-wide text-slate-500 dark:text-slate-400">{item.term}</dt>
          <dd className="mt-1 break-words text-sm text-slate-900 dark:text-slate-100">{item.value ?? <Muted>—</Muted>}</dd>
        </div>
      ))}
    </dl>
  );
}

export function Muted({ children }: { children: ReactNode }) {
  return <span className="text-sm text-slate-500 dark:text-slate-400">{children}</span>;
}

/** An identifier in monospace, selected as a whole on click. */
export function Code({ children }: { children: ReactNode }) {
  return <code className="select-all break-all rounded bg-slate-100 px-1.5 py-0.5 font-mono text-xs text-slate-700 dark:bg-slate-800 dark:text-slate-300">{children}</code>;
}

/** A list page's frame: the filters, the table and the pagination in one card. */
export function ListCard({ children }: { children: ReactNode }) {
  return <Card className="overflow-hidden">{children}</Card>;
}
