/**
 * `format=pdf`: the report laid out like DOT F 1385 (pdf-lib), one page set per employee category:
 * the first page with Sections I, II and III (drug testing), the second with Section IV (alcohol
 * testing) where the agency has it, and what could not be placed.
 */
import { PDFDocument, rgb, StandardFonts, type PDFFont, type PDFPage } from 'pdf-lib';
import { ALCOHOL_COLUMNS, DRUG_COLUMNS, MIS_ROWS, MIS_TOTAL_ROW } from './mis-form';
import type { MisReport } from './schemas';

const W = 792; // US Letter, landscape
const H = 612;
const M = 36;
const INK = rgb(0, 0, 0);
const GREY = rgb(0.35, 0.35, 0.35);
const SHADE = rgb(0.9, 0.9, 0.9);

interface Fonts { regular: PDFFont; bold: PDFFont }

/** Words wrapped to a width, at most `max` lines. */
function wrap(text: string, font: PDFFont, size: number, width: number, max = 6): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/)) {
    const next = line ? `${line} ${word}` : word;
    if (font.widthOfTextAtSize(next, size) <= width || !line) line = next;
    else {
      lines.push(line);
      line = word;
    }
  }
  if (line) lines.push(line);
  return lines.slice(0, max);
}

/** WinAnsi cannot draw every character: anything else becomes `?`. */
const printable = (s: string) => s.replace(/[^\x20-\x7E\u00A0-\u00FF]/g, '?');

function box(page: PDFPage, x: number, y: number, w: number, h: number, fill?: typeof SHADE) {
  page.drawRectangle({ x, y, width: w, height: h, borderColor: INK, borderWidth: 0.6, ...(fill ? { color: fill } : {}) });
}

function header(page: PDFPage, f: Fonts, report: MisReport, category: string, part: string) {
  page.drawText('U.S. Department of Transportation (DOT) Drug and Alcohol Testing MIS Data Collection Form', { x: M, y: H - M - 4, size: 11, font: f.bold, color: INK });
  page.drawText(`DOT F 1385 (49 CFR Part 40, Appendix J)   ${part}`, { x: M, y: H - M - 18, size: 8, font: f.regular, color: GREY });
  const right = `Calendar Year Covered by this Report: ${report.year}    Agency: ${report.agency.code}`;
  page.drawText(right, { x: W - M - f.bold.widthOfTextAtSize(right, 9), y: H - M - 18, size: 9, font: f.bold });
  const cat = printable(`Employee category: ${category}`);
  page.drawText(cat, { x: W - M - f.regular.widthOfTextAtSize(cat, 8), y: H - M - 30, size: 8, font: f.regular });
}

function labelled(page: PDFPage, f: Fonts, x: number, y: number, w: number, label: string, value: string) {
  page.drawText(label, { x, y: y + 13, size: 6.5, font: f.regular, color: GREY });
  box(page, x, y, w, 12);
  page.drawText(printable(value).slice(0, 90), { x: x + 3, y: y + 3, size: 8, font: f.regular });
}

/** A section's table: the row labels, the numbered columns with their labels, a box per cell. */
function table(
  page: PDFPage, f: Fonts, top: number, title: string,
  columns: readonly { name: string; number: number; label: string }[],
  cells: Record<string, Record<string, number>>, omitRows: readonly string[],
): number {
  page.drawText(title, { x: M, y: top, size: 9, font: f.bold });
  const labelW = 120;
  const colW = (W - 2 * M - labelW) / columns.length;
  const headH = 54;
  const rowH = 16;
  let y = top - 6 - headH;
  box(page, M, y, labelW, headH, SHADE);
  page.drawText('Testing reason', { x: M + 4, y: y + 4, size: 7, font: f.bold });
  columns.forEach((c, i) => {
    const x = M + labelW + i * colW;
    box(page, x, y, colW, headH, SHADE);
    page.drawText(String(c.number), { x: x + 3, y: y + headH - 9, size: 7, font: f.bold });
    wrap(c.label, f.regular, 5.5, colW - 5).forEach((line, n) => page.drawText(line, { x: x + 3, y: y + headH - 17 - n * 6.5, size: 5.5, font: f.regular }));
  });
  for (const row of [...MIS_ROWS, MIS_TOTAL_ROW]) {
    y -= rowH;
    const omitted = omitRows.includes(row.name);
    box(page, M, y, labelW, rowH, row.name === 'total' ? SHADE : undefined);
    page.drawText(row.label, { x: M + 4, y: y + 5, size: 7.5, font: row.name === 'total' ? f.bold : f.regular });
    columns.forEach((c, i) => {
      const x = M + labelW + i * colW;
      box(page, x, y, colW, rowH, omitted ? SHADE : undefined);
      if (omitted) return;
      const text = String(cells[row.name][c.name]);
      page.drawText(text, { x: x + colW - 4 - f.regular.widthOfTextAtSize(text, 8), y: y + 5, size: 8, font: row.name === 'total' ? f.bold : f.regular });
    });
  }
  return y;
}

function footer(page: PDFPage, f: Fonts, report: MisReport, pageNo: number, pages: number) {
  const text = `Built from the orders of ${printable(report.sectionI.employer.name)} for ${report.year}: check it against your records before you enter it on the DAMIS site (https://damis.dot.gov). Page ${pageNo} of ${pages}.`;
  page.drawText(text, { x: M, y: M - 14, size: 6.5, font: f.regular, color: GREY });
}

export async function misPdf(report: MisReport): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.setTitle(`MIS report ${report.agency.code} ${report.year}: ${report.sectionI.employer.name}`);
  doc.setSubject('DOT F 1385 Drug and Alcohol Testing MIS Data Collection Form');
  doc.setCreationDate(new Date(Date.UTC(report.year, 0, 1)));
  doc.setModificationDate(new Date(Date.UTC(report.year, 0, 1)));
  const f: Fonts = { regular: await doc.embedFont(StandardFonts.Helvetica), bold: await doc.embedFont(StandardFonts.HelveticaBold) };
  const omitRows = report.agency.code === 'FRA' ? ['postAccident'] : [];
  const perCategory = report.categories.map((c) => (c.alcohol ? 2 : 1));
  const pages = perCategory.reduce((a, b) => a + b, 0) || 1;
  let pageNo = 0;

  const e = report.sectionI.employer;
  for (const c of report.categories) {
    const page = doc.addPage([W, H]);
    header(page, f, report, c.category.name, 'Page 1: Sections I, II and III');
    let y = H - M - 44;
    page.drawText('I. Employer Information', { x: M, y, size: 9, font: f.bold });
    y -= 26;
    labelled(page, f, M, y, 330, 'Company name', e.name);
    labelled(page, f, M + 340, y, 380, 'Address', e.address ?? '');
    y -= 26;
    labelled(page, f, M, y, 160, 'Phone', e.phone ?? '');
    labelled(page, f, M + 170, y, 270, 'Certifying official (name, title, signature)', '');
    labelled(page, f, M + 450, y, 270, 'Prepared by (name, title, phone)', '');
    y -= 22;
    page.drawText('II. Covered Employees', { x: M, y, size: 9, font: f.bold });
    y -= 26;
    labelled(page, f, M, y, 150, 'Total covered employees', String(report.sectionII.totalCoveredEmployees));
    labelled(page, f, M + 160, y, 150, 'Number of employee categories', String(report.sectionII.categoryCount));
    labelled(page, f, M + 320, y, 260, 'Employee category', c.category.name);
    labelled(page, f, M + 590, y, 130, 'Covered employees in category', String(c.coveredEmployees));
    y -= 24;
    const end = table(page, f, y, 'III. Drug Testing Data', DRUG_COLUMNS, c.drug, omitRows);
    page.drawText('Column 1 = columns 2 + 3 + 9 + 10 + 11 + 12 (cancelled results are not in column 1). A result positive for several drugs counts once in column 3 and in each drug\'s column.', {
      x: M, y: end - 11, size: 6.5, font: f.regular, color: GREY,
    });
    footer(page, f, report, ++pageNo, pages);

    if (!c.alcohol) continue;
    const second = doc.addPage([W, H]);
    header(second, f, report, c.category.name, 'Page 2: Section IV');
    const after = table(second, f, H - M - 48, 'IV. Alcohol Testing Data', ALCOHOL_COLUMNS, c.alcohol, omitRows);
    let uy = after - 24;
    const unplaced = report.unplaced;
    second.drawText(`Not placed on this form: ${unplaced.length}`, { x: M, y: uy, size: 9, font: f.bold });
    for (const u of unplaced.slice(0, 14)) {
      uy -= 11;
      second.drawText(printable(`${u.object === 'order' ? 'Order' : 'Employee'} ${u.reference}${u.test ? ` (${u.test})` : ''}: ${u.detail}`).slice(0, 170), { x: M, y: uy, size: 7, font: f.regular });
    }
    if (unplaced.length > 14) second.drawText(`… and ${unplaced.length - 14} more (the report's JSON and the dashboard list them all).`.replace('…', '...'), { x: M, y: uy - 11, size: 7, font: f.regular, color: GREY });
    footer(second, f, report, ++pageNo, pages);
  }
  if (report.categories.length === 0) {
    const page = doc.addPage([W, H]);
    header(page, f, report, '(none)', 'No covered employees or tests');
    page.drawText('No employee category of the agency has covered employees or tests in the year.', { x: M, y: H - M - 60, size: 10, font: f.regular });
    footer(page, f, report, 1, 1);
  }
  return doc.save();
}
