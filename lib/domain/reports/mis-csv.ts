/** `format=csv`: the report's cells, one a line, in the order of CSV_COLUMNS and the DAMIS screens (mis-form.ts). */
import { ALCOHOL_COLUMNS, CSV_COLUMNS, DRUG_COLUMNS, MIS_ROWS, MIS_TOTAL_ROW } from './mis-form';
import type { MisReport } from './schemas';

/** Quoted when it must be; a leading =, +, - or @ is defused so that a spreadsheet shows text, not a formula. */
function field(value: string | number): string {
  let text = String(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function misCsv(report: MisReport): string {
  const lines: Array<Array<string | number>> = [[...CSV_COLUMNS]];
  const rows = [...MIS_ROWS.map((r) => r.name), MIS_TOTAL_ROW.name] as const;
  lines.push(['', 'I', '', '', 'employer', report.sectionI.employer.name]);
  lines.push(['', 'I', '', '', 'agency', report.agency.code]);
  lines.push(['', 'I', '', '', 'year', report.year]);
  lines.push(['', 'II', '', '', 'totalCoveredEmployees', report.sectionII.totalCoveredEmployees]);
  lines.push(['', 'II', '', '', 'categoryCount', report.sectionII.categoryCount]);
  for (const c of report.categories) {
    lines.push([c.category.code, 'II', '', '', 'coveredEmployees', c.coveredEmployees]);
    for (const row of rows) for (const col of DRUG_COLUMNS) lines.push([c.category.code, 'III', row, col.number, col.name, c.drug[row][col.name]]);
    if (c.alcohol) for (const row of rows) for (const col of ALCOHOL_COLUMNS) lines.push([c.category.code, 'IV', row, col.number, col.name, c.alcohol[row][col.name]]);
  }
  return lines.map((l) => l.map(field).join(',')).join('\r\n') + '\r\n';
}
