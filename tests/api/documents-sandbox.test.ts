/**
 * Sandbox papers (issue 16, point 5): a new API order that the sandbox moves to a final drug result
 * gets a SAMPLE MRO letter and lab report stating its code, service and result; an alcohol test an
 * alcohol testing form; the order's callback gets `document.created` for each.
 */
import { createHash } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runSandboxTick } from '@/lib/sandbox';
import { DEMO } from '@/lib/seed';
import { runDueDeliveries } from '@/lib/worker/delivery-worker';
import { db, get, token, withTestDatabase } from './harness';
import { createOrder, orderBody, withParticipant } from './orders-fixtures';

withTestDatabase();

const events: Array<{ type: string; data: { document?: { id: string; type: string; order: { id: string } } } }> = [];
const server = http.createServer((req, res) => {
  const chunks: Buffer[] = [];
  req.on('data', (c: Buffer) => chunks.push(c));
  req.on('end', () => {
    events.push(JSON.parse(Buffer.concat(chunks).toString('utf8')));
    res.writeHead(204).end();
  });
});
let hookUrl: string;
beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  hookUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

async function simulate(orderId: string) {
  let t = Date.now();
  for (let tick = 0; tick < 20; tick++) {
    t += 1100;
    const result = await runSandboxTick({ db: db(), now: () => new Date(t), stepSeconds: 1, orderIds: [orderId] });
    expect(result.errors).toEqual([]);
    for (let round = 0; round < 20; round++) if ((await runDueDeliveries({ db: db(), orderIds: [orderId] })).claimed === 0) break;
    if (result.advanced === 0) return;
  }
}

/** The PDF's text drawn with the standard fonts is hex in its content: look for it there. */
const states = (pdf: Buffer, text: string) => pdf.toString('latin1').includes(Buffer.from(text, 'latin1').toString('hex').toUpperCase());

describe('sandbox papers', () => {
  it('a negative DOT urine result: SAMPLE MRO letter and lab report with the order\'s facts, and document.created events', async () => {
    const t = await token();
    const order = await createOrder(orderBody({ package: { id: DEMO.acme.packages.dot }, agency: { id: DEMO.agencies.FMCSA }, callback: { url: hookUrl } }), t);
    await simulate(order.id);
    const final = (await get(`/api/v2/orders/${order.id}`, { token: t })).body;
    expect(final).toMatchObject({ status: 'negative', isFinal: true });
    const list = await get(`/api/v2/orders/${order.id}/documents`, { token: t });
    expect(list.body.data.map((d: { type: string }) => d.type).sort()).toEqual(['labReport', 'mroLetter']);
    const letter = list.body.data.find((d) => d.type === 'mroLetter');
    expect(letter).toMatchObject({ contentType: 'application/pdf', fileName: `${order.code}-mroLetter-SAMPLE.pdf`, service: { id: final.services[0].id } });
    const pdf = (await get(letter!.contentUrl, { token: t })).body as Buffer;
    expect((await PDFDocument.load(pdf)).getPageCount()).toBe(1);
    for (const text of ['SAMPLE', order.code, final.services[0].name, 'NEGATIVE', final.createdAt.slice(0, 10)]) expect(states(pdf, text), text).toBe(true);
    const sha256 = createHash('sha256').update(pdf).digest('hex');
    expect(letter!.sha256).toBe(sha256);
    console.log(`sandbox order ${order.code} (${order.id}): MRO letter ${letter!.id} downloaded, sha256 ${sha256}`);
    const documentEvents = events.filter((e) => e.type === 'document.created' && e.data.document?.order.id === order.id);
    expect(documentEvents.map((e) => e.data.document!.type).sort()).toEqual(['labReport', 'mroLetter']);
  });

  it('a verified positive states POSITIVE; an alcohol test gets the alcohol testing form', async () => {
    const t = await token();
    const order = await createOrder(withParticipant({ lastName: 'Positive' }, { package: { id: DEMO.acme.packages.dotWithAlcohol }, agency: { id: DEMO.agencies.FMCSA } }), t);
    await simulate(order.id);
    const list = (await get(`/api/v2/orders/${order.id}/documents`, { token: t })).body.data as Array<{ type: string; contentUrl: string }>;
    expect(list.map((d) => d.type).sort()).toEqual(['alcoholTestForm', 'labReport', 'mroLetter']);
    const letter = (await get(list.find((d) => d.type === 'mroLetter')!.contentUrl, { token: t })).body as Buffer;
    expect(states(letter, 'POSITIVE - verified by the MRO')).toBe(true);
  });
});
