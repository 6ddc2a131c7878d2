/**
 * The demo seed's result papers (issue 16): every seeded drug or alcohol service with a final result
 * gets the SAMPLE papers the sandbox would have generated (lib/seed/sample-pdf.ts, one
 * template per type, so hundreds cost a fraction of a second), and every ended order its retention
 * day. The results inbox is then not empty on a fresh start. Ids derive from the service and the
 * paper type, so every run writes the same rows.
 */
import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { rowsOf, type Db } from '@/lib/db/client';
import { documentContents, documents } from '@/lib/db/schema';
import { renderSamplePaper, samplePapersFor } from '@/lib/seed/sample-pdf';
import { fillMissingRetention } from '@/lib/domain/orders/retention';
import { seedId } from './random';

interface SeededResult {
  tenant_id: string;
  order_id: string;
  service_id: string;
  type: string;
  status: string;
  name: string;
  specimen_id: string | null;
  lab: string | null;
  code: string;
  ordered_at: Date | string;
  result_at: Date | string;
  company: string;
  participant: string | null;
}

const BATCH = 200;

/** Papers of the seeded orders' final drug and alcohol results; returns how many. */
export async function seedResultDocuments(db: Db): Promise<number> {
  const results = rowsOf<SeededResult>(
    await db.execute(sql`
      select o.tenant_id, o.id as order_id, s.id as service_id, s.type, s.status, s.name, s.specimen_id, v.name as lab, o.code,
             o.created_at as ordered_at, s.status_updated_at as result_at, c.name as company,
             nullif(trim(coalesce(o.participant_first_name, '') || ' ' || coalesce(o.participant_last_name, '')), '') as participant
      from orders o join order_services s on s.order_id = o.id join companies c on c.id = o.company_id
      left join vendors v on v.id = s.lab_id
      where o.source = 'seed' and s.type in ('labBasedToxicology', 'confirmationTest', 'instantDrugTest', 'breathAlcoholTest')
        and not exists (select 1 from documents d where d.order_service_id = s.id)
      order by s.id`),
  );
  const rows: Array<typeof documents.$inferInsert> = [];
  const contents: Array<typeof documentContents.$inferInsert> = [];
  for (const r of results) {
    for (const type of samplePapersFor(r)) {
      const resultAt = new Date(r.result_at);
      const bytes = await renderSamplePaper({
        type,
        orderCode: r.code,
        serviceName: r.name,
        status: r.status,
        serviceType: r.type,
        orderedAt: new Date(r.ordered_at),
        resultAt,
        company: r.company,
        participant: r.participant,
        specimenId: r.specimen_id,
        lab: r.lab,
      });
      const id = seedId(`document/${r.service_id}/${type}`);
      rows.push({
        id,
        tenantId: r.tenant_id,
        orderId: r.order_id,
        orderServiceId: r.service_id,
        type,
        fileName: `${r.code}-${type}-SAMPLE.pdf`,
        contentType: 'application/pdf',
        size: bytes.byteLength,
        sha256: createHash('sha256').update(bytes).digest('hex'),
        createdAt: resultAt,
      });
      contents.push({ documentId: id, content: Buffer.from(bytes) });
    }
  }
  for (let i = 0; i < rows.length; i += BATCH) {
    await db.insert(documents).values(rows.slice(i, i + BATCH));
    await db.insert(documentContents).values(contents.slice(i, i + BATCH));
  }
  await fillMissingRetention(db);
  return rows.length;
}
