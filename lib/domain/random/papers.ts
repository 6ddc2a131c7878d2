/**
 * The paper an auditor asks for (DESIGN.md 7.2, PROGRAM-FACTS "What an auditor asks for"): the
 * draw certificate (PDF, marked CONFIDENTIAL: pool, period, rates, method, commitment, pool hash,
 * counts, the selected names with their ranks) and the eligible list (CSV, the draw's snapshot).
 */
import { and, eq } from 'drizzle-orm';
import { PDFDocument, rgb, StandardFonts, type PDFFont, type PDFPage } from 'pdf-lib';
import { randomSelections } from '@/lib/db/schema';
import { tenantNow } from '@/lib/domain/clock';
import type { Ctx } from '@/lib/domain/context';
import { ALGORITHM } from './algorithm';
import { dayOf } from './periods';
import { drawRow, selectionRows, visiblePool, type SnapshotMember } from './queries';
import { employeeName } from './serialize';

/** The standard fonts write WinAnsi only: anything else prints as `?`. */
const printable = (text: string) => text.replace(/[^\x20-\x7e\xa0-\xff]/g, '?');
const percent = (rate: number | null) => (rate === null ? 'none' : `${Math.round(rate * 10000) / 100}%`);

export async function drawCertificatePdf(ctx: Ctx, id: string): Promise<{ fileName: string; bytes: Uint8Array }> {
  const { draw, poolName } = await drawRow(ctx, id);
  const today = dayOf(await tenantNow(ctx));
  const selections = await selectionRows(ctx.db, and(visiblePool(ctx), eq(randomSelections.drawId, draw.id))!, today);
  const doc = await PDFDocument.create();
  doc.setTitle(`Random draw certificate ${poolName} ${draw.period}`);
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const mono = await doc.embedFont(StandardFonts.Courier);
  let page: PDFPage = doc.addPage([612, 792]);
  let y = 0;
  const newPage = () => {
    page = doc.addPage([612, 792]);
    y = 740;
  };
  const header = () => {
    page.drawText('CONFIDENTIAL', { x: 40, y: 760, size: 10, font: bold, color: rgb(0.7, 0, 0) });
    page.drawText(printable(`Random draw certificate - ${poolName} - ${draw.period}`), { x: 140, y: 760, size: 10, font });
  };
  const line = (text: string, f: PDFFont = font, size = 10) => {
    if (y < 60) {
      newPage();
      header();
      y = 740;
    }
    page.drawText(printable(text), { x: 40, y, size, font: f, maxWidth: 532 });
    y -= size + 5;
  };
  header();
  y = 730;
  line('Random selection certificate', bold, 16);
  line(`Pool: ${poolName} (${draw.poolId})`);
  line(`Period: ${draw.period} (${draw.periodStart} to ${draw.periodEnd})`);
  line(`Drawn at: ${draw.drawnAt.toISOString()} by ${draw.drawnBy.name ?? draw.drawnBy.type}`);
  line(`Rates: drug ${percent(draw.drugRate)}, alcohol ${percent(draw.alcoholRate)}`);
  line(`Pool size: ${draw.poolSize} (mean over the year's draws ${Math.round(draw.meanPoolSize * 100) / 100}); eligible for alcohol: ${draw.ranking.alcohol.length}`);
  line(`Required this year: drug ${draw.required.drug}, alcohol ${draw.required.alcohol ?? 'none'}; selected now: drug ${draw.selectedCounts.drug}, alcohol ${draw.selectedCounts.alcohol}`);
  y -= 6;
  line(`Method: ${ALGORITHM}. Seed: 32 bytes from the CSPRNG. Each member's score is SHA-256 of "seed|drawId|kind|employeeId";`);
  line('members ranked by score ascending; the first N selected, the rest alternates in order. Every member has an equal chance.');
  line(`Draw id: ${draw.id}`, mono, 9);
  line(`Commitment (SHA-256 of the seed): ${draw.commitment}`, mono, 9);
  line(`Pool hash (SHA-256 of the sorted ids): ${draw.poolHash}`, mono, 9);
  line(`Seed: ${draw.seedRevealedAt ? draw.seedHex : 'not revealed yet (POST /api/v2/random-draws/{id}/reveal)'}`, mono, 9);
  y -= 6;
  line('Selections', bold, 12);
  if (selections.length === 0) line('None: this period selected no one.');
  for (const s of selections)
    line(
      `${s.selection.kind.padEnd(8)} rank ${String(s.selection.rank).padStart(4)}  ${employeeName(s.employee)} (${s.employee.externalId}, ${s.company.name})  ${s.status}` +
        `${s.selection.replacesId ? ' - replaces an excused selection' : ''}${s.selection.excuseReason ? ` - excused: ${s.selection.excuseReason}` : ''}`,
    );
  return { fileName: `random-draw-${draw.period}-${draw.id.slice(0, 8)}.pdf`, bytes: await doc.save() };
}

/** A CSV cell: quoted when needed, and never read as a formula by a spreadsheet. */
function cell(value: string | null | undefined): string {
  let text = value ?? '';
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\n\r]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export async function drawSnapshotCsv(ctx: Ctx, id: string): Promise<{ fileName: string; text: string }> {
  const { draw } = await drawRow(ctx, id);
  const alcohol = new Set(draw.ranking.alcohol);
  const header = 'employeeId,externalId,name,companyId,company,locationId,location,agency,jobCategory,alcoholEligible';
  const rows = (draw.snapshot as unknown as SnapshotMember[]).map((m) =>
    [m.id, m.externalId, m.name, m.company.id, m.company.name, m.location?.id, m.location?.name, m.agency?.code, m.jobCategory?.name, alcohol.has(m.id) ? 'true' : 'false'].map(cell).join(','),
  );
  return { fileName: `random-draw-${draw.period}-${draw.id.slice(0, 8)}-eligible.csv`, text: [header, ...rows].join('\r\n') + '\r\n' };
}
