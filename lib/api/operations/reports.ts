/** Reports of the testing program (DESIGN.md 7.5): the annual DOT MIS report. */
import { MisReport, MisReportQuery } from '@/lib/domain/reports/schemas';
import type { OperationSpec } from './spec';

export const reportsOperations = {
  getMisReport: {
    method: 'GET', path: '/api/v2/reports/mis', scope: 'report.read', tag: 'reports', summary: 'The DOT MIS report of an employer, agency and year',
    description:
      'The "Drug and Alcohol Testing MIS Data Collection Form" (DOT F 1385; 49 CFR 40 appendix J) built from the orders of the company (`companyId`, one the principal ' +
      'is linked to: 404 at `/companyId` otherwise) under the agency in the calendar year. Section I from the company; Section II from the roster (covered employees active ' +
      'on 31 December, per category from the job category; FMCSA has one category, drivers, with every order and employee in it); per category, Section III (drug tests, ' +
      '13 columns) and Section IV (alcohol tests, 9 columns; none for USCG; no post-accident row for FRA). Counting follows ODAPC\'s rules: every pre-employment test counts; ' +
      'a positive later cancelled counts only as cancelled; refusals count without a specimen; a negative-dilute followed by a recollection counts once; blind specimens never. ' +
      '`unplaced` lists what it could not place (no job category where the agency has several, a random test no draw selected, a result without its details, a test not final). ' +
      '`format=pdf` lays it out like the form, one page set per category; `format=csv` gives the cells one a line (`category,section,row,column,cell,value`) in the order of the DAMIS screens.',
    query: MisReportQuery,
    responses: {
      200: {
        description: 'The report: JSON, or the PDF or CSV file with `format`.',
        schema: MisReport,
        files: ['application/pdf', 'text/csv'],
        headers: { 'Content-Disposition': 'For pdf and csv: attachment, with the file name (`mis-<agency>-<year>-<company>.pdf`).' },
      },
    },
    errors: [400, 404],
  },
} satisfies Record<string, OperationSpec>;
