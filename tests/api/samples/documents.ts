/** Samples of lib/api/operations/documents.ts for the isolation matrix and the fuzz run (see ../operation-samples.ts). */
import { call } from '../harness';
import type { Fixtures, SampleOf } from '../operation-samples';
import { missing } from './ids';

/** A small, well-formed one-page PDF whose text is `text` (ASCII). */
export function pdfBytes(text = 'SAMPLE'): Buffer {
  const stream = `BT /F1 12 Tf 72 720 Td (${text.replace(/[()\\]/g, '')}) Tj ET`;
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let out = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(out.length);
    out += `${i + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = out.length;
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`;
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out, 'latin1');
}

/** A file body for `call`: the harness sends a Blob as it is, with its type as Content-Type. */
export const fileBody = (bytes: Uint8Array, type = 'application/pdf') => new Blob([new Uint8Array(bytes)], { type });

export const samples = {
  uploadDocument: (f) => ({
    path: `/api/v2/orders/${f.orderId}/documents`,
    missingPath: `/api/v2/orders/${missing}/documents`,
    query: { type: 'mroLetter' },
    body: fileBody(pdfBytes('isolation sample')),
    companyScoped: true,
  }),
  listOrderDocuments: (f) => ({ path: `/api/v2/orders/${f.orderId}/documents`, missingPath: `/api/v2/orders/${missing}/documents`, companyScoped: true }),
  getDocument: (f) => ({ path: `/api/v2/documents/${f.documentId}`, missingPath: `/api/v2/documents/${missing}`, companyScoped: true }),
  getDocumentContent: (f) => ({ path: `/api/v2/documents/${f.documentId}/content`, missingPath: `/api/v2/documents/${missing}/content`, companyScoped: true }),
  acknowledgeOrder: (f) => ({
    path: `/api/v2/orders/${f.finalOrderId}/acknowledgement`,
    missingPath: `/api/v2/orders/${missing}/acknowledgement`,
    body: {},
    companyScoped: true,
  }),
  acknowledgeOrders: (f) => ({ path: '/api/v2/orders/acknowledgements', body: { orders: [{ id: f.finalOrderId }] }, companyScoped: true, notFoundPointer: '/orders/0/id' }),
} satisfies Record<string, SampleOf>;

/** Resources the samples need, made once with the admin token `t`; merged into the fixtures. */
export async function fixtures(t: string, base: Fixtures): Promise<Record<string, string>> {
  const uploaded = await call('POST', `/api/v2/orders/${base.orderId}/documents`, { token: t, query: { type: 'labReport' }, body: fileBody(pdfBytes('fixture')) });
  if (uploaded.status !== 201) throw new Error(`document upload failed: ${uploaded.status} ${JSON.stringify(uploaded.body)}`);
  const { orderBody } = await import('../orders-fixtures');
  const created = await call('POST', '/api/v2/orders', { token: t, body: orderBody() });
  if (created.status !== 201) throw new Error(JSON.stringify(created.body));
  for (const service of created.body.services as Array<{ id: string }>)
    await call('POST', `/api/v2/orders/${created.body.id}/services/${service.id}/events`, { token: t, body: { status: 'negative' } });
  return { documentId: uploaded.body.id, finalOrderId: created.body.id };
}
