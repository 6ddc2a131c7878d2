import { operations } from '@/lib/api/operations';
import { misCsv, misPdf, misReport } from '@/lib/domain/reports';
import { methods, operation } from '@/lib/http/route';

/** A file name of safe characters: `mis-FMCSA-2026-acme-logistics.pdf`. */
const fileName = (agency: string, year: number, company: string, ext: string) =>
  `mis-${agency}-${year}-${company.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '').slice(0, 60) || 'company'}.${ext}`;

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: operation({
    ...operations.getMisReport,
    handler: async ({ ctx, query }) => {
      const report = await misReport(ctx, query);
      if (query.format === 'json') return report;
      const name = fileName(report.agency.code, report.year, report.sectionI.employer.name, query.format);
      const headers = { 'Content-Disposition': `attachment; filename="${name}"`, 'Cache-Control': 'no-store' };
      if (query.format === 'csv') return new Response(misCsv(report), { headers: { ...headers, 'Content-Type': 'text/csv; charset=utf-8' } });
      return new Response(Buffer.from(await misPdf(report)), { headers: { ...headers, 'Content-Type': 'application/pdf' } });
    },
  }),
});
