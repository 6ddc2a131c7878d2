/**
 * CSV export of the orders list with the same filters as GET /api/v2/orders, every page, streamed.
 * It runs as the signed-in user (the session's Ctx) through the domain's `listOrders`, so it sees
 * exactly what the list shows. `sort=oldest` reverses the order (`oldestFirstPage`). Errors answer in the API's envelope.
 *
 * For people and machines alike: the first columns stay the machine's (`code`, `id`, `status`),
 * then the same words as the dashboard (statuses, reasons, yes/no), times as `YYYY-MM-DD HH:MM`
 * (spreadsheets read them as dates) in the user's time zone (`tz`, an IANA name the browser sends;
 * UTC otherwise) named in the headers, phones readable, and the ISO times and codes again at the
 * end. A viewer's export leaves out the participant's contact details (e-mail, phone).
 */
import { humanize, statusLabel } from '@/components/orders/status';
import { requirePageCtx, type PageCtx } from '@/lib/auth/page-context';
import { DomainError } from '@/lib/domain/errors';
import { listOrders } from '@/lib/domain/orders/queries';
import { ListOrdersQuery, OTHER_TEST_REASONS } from '@/lib/domain/orders/schemas';
import { oldestFirstPage, type PageReader } from '@/lib/domain/pagination';
import type { Order } from '@/lib/domain/order-model/serialize';
import { parseQuery, toErrorResponse } from '@/lib/http/route';
import { canonicalTimeZone, formatSpreadsheetTime } from '@/lib/format/time';

export const dynamic = 'force-dynamic';

const BATCH = 200;

type Value = string | number | boolean | null | undefined;
/** A cell the export wrote itself (a phone in its national form), never neutralised. */
class Safe {
  constructor(readonly text: string) {}
}
type Column = [header: string, value: (o: Order) => Value | Safe];

/** `2026-11-24 07:05` in the zone: a date and time any spreadsheet reads as one (lib/format/time.ts). */
const localTime = (iso: string | null | undefined, timeZone: string) => (iso ? formatSpreadsheetTime(iso, timeZone) : '');

/** `+19725556721` -> "(972) 555-6721", written as is; other numbers go through the formula defence. */
function phone(value: string | null | undefined): Value | Safe {
  const us = value ? /^\+1(\d{3})(\d{3})(\d{4})$/.exec(value) : null;
  return us ? new Safe(`(${us[1]}) ${us[2]}-${us[3]}`) : value;
}

const yesNo = (value: boolean) => (value ? 'Yes' : 'No');
const otherReason = (value: string | null) => (value && (OTHER_TEST_REASONS as readonly string[]).includes(value) ? humanize(value) : value);

function columns(timeZone: string, withContacts: boolean): Column[] {
  const zone = ` (${timeZone})`;
  return [
    ['code', (o) => o.code],
    ['id', (o) => o.id],
    ['status', (o) => o.status],
    ['Status', (o) => statusLabel(o.status)],
    ['Final', (o) => yesNo(o.isFinal)],
    [`Created${zone}`, (o) => localTime(o.createdAt, timeZone)],
    [`Updated${zone}`, (o) => localTime(o.updatedAt, timeZone)],
    [`Status changed${zone}`, (o) => localTime(o.statusUpdatedAt, timeZone)],
    [`Expires${zone}`, (o) => localTime(o.expiresAt, timeZone)],
    ['Company', (o) => o.company?.name],
    ['Location', (o) => o.location?.name],
    ['Packages', (o) => o.packages.map((p) => p.name).join('; ')],
    ['Services', (o) => o.services.map((sv) => `${sv.name}: ${statusLabel(sv.status)}`).join('; ')],
    ['Agency', (o) => o.agency?.code],
    ['Job category', (o) => o.jobCategory?.name],
    ['Test reason', (o) => (o.testReason ? humanize(o.testReason) : '')],
    ['Other test reason', (o) => otherReason(o.otherTestReason)],
    ['Participant first name', (o) => o.participant.firstName],
    ['Participant middle name', (o) => o.participant.middleName],
    ['Participant last name', (o) => o.participant.lastName],
    ...(withContacts
      ? ([
          ['Participant e-mail', (o) => o.participant.email],
          ['Participant phone', (o) => phone(o.participant.phone)],
        ] satisfies Column[])
      : []),
    ['Clinic', (o) => o.clinic?.name],
    // The machine's values again.
    ['createdAt', (o) => o.createdAt],
    ['updatedAt', (o) => o.updatedAt],
    ['statusUpdatedAt', (o) => o.statusUpdatedAt],
    ['expiresAt', (o) => o.expiresAt],
    ['testReason', (o) => o.testReason],
    ['otherTestReason', (o) => o.otherTestReason],
    ['serviceStatuses', (o) => o.services.map((sv) => sv.status).join('; ')],
  ];
}

/**
 * A formula character (=, +, - or @) at the start of a cell, also after leading spaces or separators:
 * where `;` separates cells (many European locales), `;=1+1` opens as an empty cell and a formula.
 */
const FORMULA = /^([\s,;]*)([=+\-@])/;

/**
 * Every text cell quoted (RFC 4180), so a separator inside it starts no new cell in any locale, and
 * its formula character neutralised with an apostrophe just before it (before the separators, the
 * apostrophe would be a cell of its own where they separate). A leading tab or CR gets one too.
 */
function cell(value: Value | Safe): string {
  if (value === null || value === undefined) return '';
  let text = value instanceof Safe ? value.text : String(value);
  if (typeof value === 'string') text = FORMULA.test(text) ? text.replace(FORMULA, "$1'$2") : text.replace(/^[\t\r]/, "'$&");
  return typeof value === 'number' || typeof value === 'boolean' ? text : `"${text.replace(/"/g, '""')}"`;
}

/** What was exported, for the file name: `orders-pending-ordered-search-nelson-2026-11-24.csv`. */
function fileName(filters: Record<string, string>, date: string): string {
  const words = ['status', 'search', 'from', 'createdAfter', 'createdBefore', 'isFinal']
    .flatMap((k) => (filters[k] ? [k === 'status' ? '' : k.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`), filters[k]] : []))
    .join('-')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60)
    .replace(/-+$/, '');
  const scope = [filters.companyId ? 'company' : '', filters.locationId ? 'location' : ''].filter(Boolean).join('-');
  return `orders-${[scope, words].filter(Boolean).join('-') || 'all'}-${date}.csv`;
}

const line = (values: Array<Value | Safe>) => values.map(cell).join(',') + '\r\n';

export async function GET(request: Request) {
  const ctx = await requirePageCtx();
  try {
    return exportOrders(ctx, new URL(request.url));
  } catch (error) {
    return toErrorResponse(error, ctx.requestId);
  }
}

function exportOrders(ctx: PageCtx, url: URL): Response {
  if (!ctx.scopes.has('order.list'))
    throw new DomainError('insufficientScope', 'Your role may not list orders.', { meta: { requiredScope: 'order.list' } });
  const { sort, tz, ...raw } = Object.fromEntries(url.searchParams);
  delete raw.page;
  delete raw.limit;
  const filters = parseQuery(ListOrdersQuery, raw);
  // The page's zone (the user's) by default; `tz` names another (an unknown one is ignored).
  const timeZone = (tz && canonicalTimeZone(tz)) || ctx.timeZone;
  const COLUMNS = columns(timeZone, ctx.role !== 'viewer');
  const oldestFirst = sort === 'oldest';

  const encoder = new TextEncoder();
  const stream = new ReadableStream<Uint8Array>({
    async start(controller) {
      try {
        controller.enqueue(encoder.encode('\uFEFF' + line(COLUMNS.map(([h]) => h))));
        const first = await listOrders(ctx, { ...filters, page: 1, limit: BATCH });
        const pages = Math.max(1, Math.ceil(first.total / BATCH));
        // Oldest first reads two newest-first pages per page, the higher-numbered one first
        // (oldestFirstPage): remembering the last one read, each is read once.
        let last: { page: number; read: Promise<{ data: Order[]; total: number }> } | undefined;
        const newestFirst: PageReader<Order> = (q) =>
          q.page === 1 ? Promise.resolve(first) : q.page === last?.page ? last.read : (last = { page: q.page, read: listOrders(ctx, { ...filters, ...q }) }).read;
        for (let p = 1; p <= pages; p++) {
          const q = { page: p, limit: BATCH };
          const { data } = oldestFirst ? await oldestFirstPage(newestFirst, q, first.total) : await newestFirst(q);
          controller.enqueue(encoder.encode(data.map((o) => line(COLUMNS.map(([, value]) => value(o)))).join('')));
        }
        controller.close();
      } catch (error) {
        controller.error(error);
      }
    },
  });
  const date = localTime(new Date().toISOString(), timeZone).slice(0, 10);
  return new Response(stream, {
    headers: {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="${fileName(raw, date)}"`,
      'Cache-Control': 'no-store',
    },
  });
}
