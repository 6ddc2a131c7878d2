/** The action representation (lib/domain/contract/actions.ts) from its row, on the tenant's clock. */
import { actions } from '@/lib/db/schema';
import { actionUrl, type Action } from '@/lib/domain/contract/actions';
import { actionTypeOf, type ActionSubjectObject } from '@/lib/domain/contract/action-types';
import { API, iso, isoOrNull } from '@/lib/domain/contract/representation';
import { isOverdue } from './rules';

export type { Action };
export type ActionRow = typeof actions.$inferSelect;

/** `misReport` subjects are `<year>:<agency code>:<company id>`: their url is the report's. */
export function misReportSubjectId(year: number, agencyCode: string, companyId: string): string {
  return `${year}:${agencyCode}:${companyId}`;
}

/** The url of an action's subject. */
export function subjectUrl(object: string, id: string): string {
  switch (object as ActionSubjectObject) {
    case 'order': return `${API}/orders/${id}`;
    case 'employee': return `${API}/employees/${id}`;
    case 'randomPool': return `${API}/random-pools/${id}`;
    case 'randomDraw': return `${API}/random-draws/${id}`;
    case 'randomSelection': return `${API}/random-selections/${id}`;
    case 'followUpPlan': return `${API}/follow-up-plans/${id}`;
    case 'webhookEndpoint': return `${API}/webhook-endpoints/${id}`;
    case 'misReport': {
      const [year, agency, companyId] = id.split(':');
      return `${API}/reports/mis?year=${encodeURIComponent(year)}&agency=${encodeURIComponent(agency ?? '')}&companyId=${encodeURIComponent(companyId ?? '')}`;
    }
    default: return `${API}/${object}/${id}`;
  }
}

export function serializeAction(row: ActionRow, companyName: string | null, now: Date): Action {
  const def = actionTypeOf(row.type);
  const status = row.status === 'resolved' || row.status === 'dismissed' ? row.status : 'open';
  return {
    object: 'action',
    id: row.id,
    url: actionUrl(row.id),
    type: row.type,
    severity: row.severity as Action['severity'],
    title: row.title,
    subject: { object: row.subjectObject as Action['subject']['object'], id: row.subjectId, url: subjectUrl(row.subjectObject, row.subjectId) },
    company: row.companyId ? { id: row.companyId, name: companyName ?? '', object: 'company', url: `${API}/companies/${row.companyId}` } : null,
    dueAt: isoOrNull(row.dueAt),
    overdue: status === 'open' && isOverdue(row.dueAt, now),
    citation: row.citation,
    resolvableByHand: def?.resolvableByHand ?? true,
    status,
    resolvedAt: isoOrNull(row.resolvedAt),
    resolvedBy: row.resolvedBy ?? null,
    resolution: row.resolution === 'automatic' || row.resolution === 'manual' ? row.resolution : null,
    note: row.note,
    createdAt: iso(row.createdAt),
  };
}
