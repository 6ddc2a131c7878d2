/**
 * CSV export of the orders list with the same filters as GET /api/v2/orders, every page, streamed.
 * It runs as the signed-in user (the session's Ctx) through the domain's `listOrders`, so it sees
 * exactly what the list shows. `sort=oldest` reverses the order (`oldestFirstPage`). Errors answer in the API's envelope.
 */
import { requirePageCtx, type PageCtx } from '@/lib/auth/page-context';
import { DomainError } from '@/lib/domain/errors';
import { listOrders } from '@/lib/domain/orders/queries';
import { ListOrdersQuery } from '@/lib/domain/orders/schemas';
import { oldestFirstPage, type PageReader } from '@/lib/domain/pagination';
import type { Order } from '@/lib/domain/orders/serialize';
import { parseQuery, toErrorResponse } from '@/lib/http/route';

export const dynamic = 'force-dynamic';

const BATCH = 200;

const COLUMNS: Array<[header: string, value: (o: Order) => string | number | boolean | null | undefined]> = [
  ['code', (o) => o.code],
  ['id', (o) => o.id],
  ['status', (o) => o.status],
  ['isFinal', (o) => o.isFinal],
  ['createdAt', (o) => o.createdAt],
  ['updatedAt', (o) => o.updatedAt],
  ['statusUpdatedAt', (o) => o.statusUpdatedAt],
  ['expiresAt', (o) => o.expiresAt],
  ['company', (o) => o.company?.name],
  ['location', (o) => o.location?.name],
  ['packages', (o) => o.packages.map((p) => p.name).join('; ')],
  ['services', (o) => o.services.map((s) => `${s.name}: ${s.status}`).join('; ')],
  ['agency', (o) => o.agency?.code],
  ['jobCategory', (o) => o.jobCategory?.name],
  ['testReason', (o) => o.testReason],
  ['otherTestReason', (o) => o.otherTestReason],
  ['participantFirstName', (o) => o.participant.firstName],
  ['participantLastName', (o) => o.participant.lastName],
  ['participantEmail', (o) => o.participant.email],
  ['participantPhone', (o) => o.participant.phone],
  ['clinic', (o) => o.clinic?.name],
];

/** RFC 4180 quoting; a leading =, +, - or @ is neutralised so spreadsheets do not run it as a formula. */
function cell(value: string | number | boolean | null | undefined): string {
  if (value === null || value === undefined) return '';
  let text = String(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

const line = (values: Array<string | number | boolean | null | undefined>) => values.map(cell).join(',') + '\r\n';

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
  const { sort, ...raw } = Object.fromEntries(url.searchParams);
  delete raw.page;
  delete raw.limit;
  const filters = parseQuery(ListOrdersQuery, raw);
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
  const date = new Date().toISOString().slice(0, 10);
  return new Response(stream, {
    headers: {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="orders-${date}.csv"`,
      'Cache-Control': 'no-store',
    },
  });
}
