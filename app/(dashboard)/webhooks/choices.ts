import 'server-only';
/** What the endpoint forms offer: the event catalog and the tenant's companies, read as the API reads them. */
import type { CompanyChoice, EventTypeChoice } from '@/components/webhooks/endpoints-api';
import type { PageCtx } from '@/lib/auth/page-context';
import { listCompanies } from '@/lib/domain/companies';
import { listEventTypes } from '@/lib/domain/events/queries';
import { allPages } from '@/lib/domain/pagination';
import { isTenantWebhookAdmin } from '@/lib/domain/tenants';

export async function endpointChoices(ctx: PageCtx): Promise<{ eventTypes: EventTypeChoice[]; companies: CompanyChoice[] }> {
  const [types, companies] = await Promise.all([
    allPages((q) => listEventTypes(q)),
    ctx.scopes.has('company.list') ? allPages((q) => listCompanies(ctx, q), Infinity) : Promise.resolve([]),
  ]);
  return {
    eventTypes: types.map((t) => ({ type: t.type, summary: t.summary })),
    companies: companies.map((c) => ({ id: c.id, name: c.name })),
  };
}

/** The API lets a principal with webhook.write linked to every company change endpoints: the page offers what it allows. */
export const canWriteEndpoints = (ctx: PageCtx) => isTenantWebhookAdmin(ctx);
