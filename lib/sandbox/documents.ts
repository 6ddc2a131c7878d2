/**
 * Sandbox result papers (DESIGN.md 6.2): when the simulator gives a drug or alcohol service its
 * final result, the order gets the generated SAMPLE papers of that result (MRO letter and lab
 * report for lab-based drug tests, MRO letter for instant tests, the alcohol testing form), added
 * through `createDocument` like an upload: audited, and sent to the callback as `document.created`.
 */
import { sql } from 'drizzle-orm';
import { rowsOf } from '@/lib/db/client';
import type { Ctx } from '@/lib/domain/context';
import { createDocument } from '@/lib/domain/documents/create-document';
import { renderSamplePaper, samplePapersFor } from '@/lib/seed/sample-pdf';

interface PaperFacts {
  type: string;
  status: string;
  name: string;
  specimen_id: string | null;
  lab: string | null;
  code: string;
  ordered_at: string;
  result_at: string;
  company: string;
  participant: string | null;
}

/** Attaches the papers of one service's final result; returns how many. */
export async function attachSamplePapers(ctx: Ctx, orderId: string, serviceId: string): Promise<number> {
  const [facts] = rowsOf<PaperFacts>(
    await ctx.db.execute(sql`
      select s.type, s.status, s.name, s.specimen_id, v.name as lab, o.code, o.created_at as ordered_at, s.status_updated_at as result_at,
             c.name as company, nullif(trim(coalesce(o.participant_first_name, '') || ' ' || coalesce(o.participant_last_name, '')), '') as participant
      from order_services s join orders o on o.id = s.order_id join companies c on c.id = o.company_id
      left join vendors v on v.id = s.lab_id
      where s.id = ${serviceId} and o.id = ${orderId} and o.tenant_id = ${ctx.tenantId}`),
  );
  if (!facts) return 0;
  const types = samplePapersFor(facts);
  for (const type of types) {
    const bytes = await renderSamplePaper({
      type,
      orderCode: facts.code,
      serviceName: facts.name,
      status: facts.status,
      serviceType: facts.type,
      orderedAt: new Date(facts.ordered_at),
      resultAt: new Date(facts.result_at),
      company: facts.company,
      participant: facts.participant,
      specimenId: facts.specimen_id,
      lab: facts.lab,
    });
    await createDocument({ ctx, input: { orderId, serviceId, type, contentType: 'application/pdf', bytes, fileName: `${facts.code}-${type}-SAMPLE.pdf` } });
  }
  return types.length;
}
