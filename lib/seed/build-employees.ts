/**
 * The demo roster (DESIGN.md 7.1): Acme's employees across its active companies and their
 * locations, mostly FMCSA drivers with CDL numbers, some covered by its companies' other agencies,
 * some not covered by DOT, a few inactive. Deterministic (its own PRNG stream); the CDL numbers are
 * sealed when inserted (index.ts), like participant identifiers.
 */
import { AGENCY_DEFS, agencyId, jobCategoryId, type AgencyCode } from './reference';
import { seedIds } from './ids';
import { AREA_CODES, FIRST_NAMES, LAST_NAMES } from './names';
import { DAY, daysBefore, Rng } from './random';
import type { BuiltCompany, BuiltLocation, TenantRows } from './model';
import type { TenantSlug } from './tenants';

/** Employees per company key; a tenant not named here has no roster. */
const ROSTER: Partial<Record<TenantSlug, Readonly<Record<string, number>>>> = {
  acme: { primary: 32, secondary: 18, tertiary: 10 },
};

/** Job categories of the agencies that have more than FMCSA's driver, by code. */
const categoriesOf = (code: AgencyCode) => AGENCY_DEFS.find((a) => a.code === code)!.jobCategories.map(([c]) => c);

const iso = (d: Date) => d.toISOString().slice(0, 10);
const local = (s: string) => s.toLowerCase().replace(/[^a-z]/g, '');

export function buildEmployees(slug: TenantSlug, tenantId: string, companies: readonly BuiltCompany[], locations: readonly BuiltLocation[], rows: TenantRows): void {
  const roster = ROSTER[slug];
  if (!roster) return;
  const rng = new Rng(`${slug}/employees`);
  for (const company of companies) {
    const count = roster[company.def.key] ?? 0;
    const sites = locations.filter((l) => l.company === company && l.closedAt === null);
    for (let n = 1; n <= count; n++) {
      const externalId = `${company.def.key.slice(0, 3).toUpperCase()}-${1000 + n}`;
      const location = sites.length && rng.chance(0.9) ? rng.pick(sites) : null;
      const firstName = rng.pick(FIRST_NAMES);
      const lastName = rng.pick(LAST_NAMES);
      const year = rng.int(1962, 2003);
      const month = rng.int(1, 12);
      const day = rng.int(1, new Date(Date.UTC(year, month, 0)).getUTCDate());
      // One in eight is not covered by DOT; the others by one of the company's agencies, by its weight.
      const agency: AgencyCode | null = rng.chance(1 / 8) ? null : rng.weighted(company.def.agencies);
      const categories = agency ? categoriesOf(agency) : [];
      const jobCategory = agency === 'FMCSA' ? 'cdlDriver' : categories.length ? rng.pick(categories) : null;
      const state = location?.state ?? 'TX';
      const cdl = agency === 'FMCSA' || (agency === 'FTA' && jobCategory === 'cdlNonRevenueVehicleOperation');
      const activeFrom = daysBefore(rng.int(30, 2400));
      const inactive = rng.chance(0.08);
      const activeTo = inactive ? new Date(Math.min(activeFrom.getTime() + rng.int(60, 900) * DAY, daysBefore(7).getTime())) : null;
      const cdlNumber = cdl ? `${rng.chars('ABCDEFGHJKLMNPRSTWY', 1)}${rng.digits(8)}` : null;
      rows.employees.push({
        id: seedIds.employee(slug, company.def.key, externalId),
        tenantId,
        companyId: company.id,
        locationId: location?.id ?? null,
        externalId,
        firstName,
        middleName: rng.chance(0.3) ? rng.pick(FIRST_NAMES) : null,
        lastName,
        birthDate: `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`,
        email: rng.chance(0.8) ? `${local(firstName)}.${local(lastName)}${n}@example.com` : null,
        // 555-0100 to 555-0199: numbers set aside for fiction.
        phone: rng.chance(0.85) ? `+1${rng.pick(AREA_CODES[state] ?? AREA_CODES.TX)}55501${String(rng.int(0, 99)).padStart(2, '0')}` : null,
        // Sealed at insert (index.ts).
        cdlNumberEncrypted: cdlNumber,
        cdlLast4: cdlNumber?.slice(-4) ?? null,
        cdlState: cdlNumber ? state : null,
        agencyId: agency ? agencyId(agency) : null,
        jobCategoryId: agency && jobCategory ? jobCategoryId(agency, jobCategory) : null,
        status: inactive ? 'inactive' : 'active',
        activeFrom: iso(activeFrom),
        activeTo: activeTo && iso(activeTo),
        createdAt: activeFrom,
        updatedAt: activeTo ?? activeFrom,
      });
    }
  }
}
