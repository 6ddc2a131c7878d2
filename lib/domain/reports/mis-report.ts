/** `GET /api/v2/reports/mis`: the MIS report of an employer, agency and year (DESIGN.md 7.5). */
import type { Ctx } from '@/lib/domain/context';
import { countMis } from './mis-counting';
import { AGENCY_FORMS } from './mis-form';
import { agencyByCode, coveredEmployeesOf, employerOf, testsOf } from './queries';
import type { MisReport, MisReportQuery } from './schemas';

export async function misReport(ctx: Ctx, q: Pick<MisReportQuery, 'year' | 'agency' | 'companyId'>): Promise<MisReport> {
  const employer = await employerOf(ctx, q.companyId);
  const agency = await agencyByCode(ctx, q.agency);
  const form = AGENCY_FORMS[agency.code];

  // The form's categories: FMCSA's one (every order and employee in it), else the agency's job categories.
  const categories = form.singleCategory
    ? [{ code: form.singleCategory.code, name: form.singleCategory.name, jobCategoryId: null }]
    : agency.jobCategories.map((c) => ({ code: c.code, name: c.name, jobCategoryId: c.id }));
  const codeOf = (jobCategoryId: string | null): string | null =>
    form.singleCategory ? form.singleCategory.code : (agency.jobCategories.find((c) => c.id === jobCategoryId)?.code ?? null);

  const scope = { companyId: employer.id, agencyId: agency.id, year: q.year };
  const [tests, roster] = await Promise.all([testsOf(ctx, scope), coveredEmployeesOf(ctx, scope)]);
  const counts = countMis({
    year: q.year,
    categories: categories.map((c) => c.code),
    alcoholSection: form.alcohol,
    omitRows: form.omitRows,
    tests: tests.map(({ jobCategoryId, ...t }) => ({ ...t, category: codeOf(jobCategoryId) })),
    employees: roster.map(({ jobCategoryId, ...e }) => ({ ...e, category: codeOf(jobCategoryId) })),
  });

  const byCode = new Map(categories.map((c) => [c.code, c]));
  // One form per category that has covered employees or tests; the single category always.
  const used = counts.categories.filter(
    (c) => form.singleCategory || c.coveredEmployees > 0 || Object.values(c.drug.total).some((n) => n > 0) || (c.alcohol && Object.values(c.alcohol.total).some((n) => n > 0)),
  );
  return {
    object: 'misReport',
    year: q.year,
    agency: { id: agency.id, code: agency.code, name: agency.name },
    sectionI: { employer, periodStart: `${q.year}-01-01`, periodEnd: `${q.year}-12-31` },
    sectionII: {
      totalCoveredEmployees: counts.totalCoveredEmployees,
      categoryCount: used.filter((c) => c.coveredEmployees > 0).length,
      categories: used.map((c) => ({ ...byCode.get(c.category)!, coveredEmployees: c.coveredEmployees })),
    },
    categories: used.map((c) => ({ category: byCode.get(c.category)!, coveredEmployees: c.coveredEmployees, drug: c.drug, alcohol: c.alcohol })),
    unplaced: counts.unplaced,
  };
}
