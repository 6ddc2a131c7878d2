/** The MIS report's query and representation (DESIGN.md 7.5; DOT F 1385). Pure: the dashboard imports them. */
import { z } from 'zod';
import { ALCOHOL_COLUMNS, DRUG_COLUMNS, MIS_AGENCIES, MIS_ROWS, MIS_TOTAL_ROW } from './mis-form';

export const MIS_FORMATS = ['json', 'pdf', 'csv'] as const;

export const MisReportQuery = z.object({
  year: z.coerce.number().int().min(2000).max(2100).describe('The calendar year reported (tests collected from 1 January to 31 December, UTC).'),
  agency: z.enum(MIS_AGENCIES as [string, ...string[]]).describe('The DOT agency whose form it is, by code: `FMCSA`, `FAA`, `FRA`, `FTA`, `PHMSA` or `USCG`.'),
  companyId: z.string().min(1).max(255).describe('The employer: a company the principal is linked to.'),
  format: z.enum(MIS_FORMATS).default('json').describe('`json` (default), `pdf` (laid out like DOT F 1385) or `csv` (the cells in the order the DAMIS site asks for them).'),
});
export type MisReportQuery = z.output<typeof MisReportQuery>;

const cells = (columns: readonly { name: string }[]) => z.object(Object.fromEntries(columns.map((c) => [c.name, z.number().int().min(0)])));
const table = (columns: readonly { name: string }[]) =>
  z.object(Object.fromEntries([...MIS_ROWS.map((r) => r.name), MIS_TOTAL_ROW.name].map((row) => [row, cells(columns)])));

export const DrugTable = table(DRUG_COLUMNS).describe('Section III: per row (pre-employment … follow-up, total), the 13 columns by name.');
export const AlcoholTable = table(ALCOHOL_COLUMNS).describe('Section IV: per row, the 9 columns by name.');

const Category = z.object({ code: z.string(), name: z.string(), jobCategoryId: z.string().nullable() });

export const MisReport = z
  .object({
    object: z.literal('misReport'),
    year: z.number().int(),
    agency: z.object({ id: z.string(), code: z.string(), name: z.string() }),
    sectionI: z.object({
      employer: z.object({
        id: z.string(),
        name: z.string(),
        address: z.string().nullable(),
        phone: z.string().nullable(),
      }),
      periodStart: z.string(),
      periodEnd: z.string(),
    }),
    sectionII: z.object({
      totalCoveredEmployees: z.number().int().min(0),
      categoryCount: z.number().int().min(0),
      categories: z.array(Category.extend({ coveredEmployees: z.number().int().min(0) })),
    }),
    /** One form per employee category: its Sections III and IV. */
    categories: z.array(
      z.object({
        category: Category,
        coveredEmployees: z.number().int().min(0),
        drug: DrugTable,
        alcohol: AlcoholTable.nullable().describe('null where the agency reports no alcohol section (USCG).'),
      }),
    ),
    unplaced: z
      .array(
        z.object({
          object: z.enum(['order', 'employee']),
          id: z.string(),
          reference: z.string().describe('The order\'s code or the employee\'s externalId.'),
          serviceId: z.string().nullable(),
          test: z.enum(['drug', 'alcohol']).nullable(),
          reason: z.enum(['noCategory', 'randomWithoutDraw', 'resultWithoutDetails', 'notFinal', 'testReasonNotOnForm', 'rowNotOnForm', 'sectionNotOnForm']),
          detail: z.string(),
        }),
      )
      .describe('What the report could not place in a cell, instead of a guess.'),
  })
  .describe('The DOT Drug and Alcohol Testing MIS Data Collection Form (DOT F 1385) of an employer, agency and year.');
export type MisReport = z.output<typeof MisReport>;
