/** Companies, locations, users, the service catalog and packages of one demo tenant. */
import bcrypt from 'bcryptjs';
import { ALL_STRATEGIES, type TenantDef } from './tenants';
import { PACKAGE_DEFS, SERVICE_BY_KEY, SERVICE_DEFS } from './catalog';
import { seedIds } from './ids';
import { ANCHOR, DAY, Rng, seedBytes, daysBefore } from './random';
import { AREA_CODES } from './names';
import type { Geo } from './geo';
import type { BuiltCompany, BuiltLocation, BuiltPackage, BuiltService, TenantRows } from './model';

export const DEMO_PASSWORD = 'demo-password';

/** Companies and locations that are no longer in use stopped taking orders this long before the anchor. */
const CLOSED_DAYS_AGO = 30;

/** `+1` + area code + `555-01xx`, the range reserved for fiction. */
export function fictionalPhone(rng: Rng, state: string): string {
  const codes = AREA_CODES[state] ?? [555];
  return `+1${codes[0]}55501${rng.digits(2)}`;
}

export async function passwordHash(slug: string, email: string): Promise<string> {
  // A salt derived from the user keeps the seed byte-for-byte reproducible.
  const salt = `$2b$10$${bcrypt.encodeBase64(seedBytes(`${slug}/user/${email}/salt`, 16), 16)}`;
  return bcrypt.hash(DEMO_PASSWORD, salt);
}

export interface TenantBase {
  tenantId: string;
  companies: BuiltCompany[];
  locations: BuiltLocation[];
  services: BuiltService[];
  packages: BuiltPackage[];
  users: Array<{ id: string; email: string; name: string; role: string }>;
}

export async function buildTenantBase(def: TenantDef, geo: Geo, rows: TenantRows): Promise<TenantBase> {
  const slug = def.slug;
  const rng = new Rng(`${slug}/base`);
  const tenantId = seedIds.tenant(slug);
  const createdAt = daysBefore(900);
  rows.tenants.push({
    id: tenantId,
    slug,
    name: def.name,
    webhookSecret: `whsec_${seedBytes(`${slug}/webhookSecret`, 32).toString('base64')}`,
    createdAt,
  });

  const closedAt = ANCHOR.getTime() - CLOSED_DAYS_AGO * DAY;
  const companies: BuiltCompany[] = def.companies.map((c, i) => {
    const id = seedIds.company(slug, c.key);
    const z = geo.zip(c.zip);
    rows.companies.push({
      id,
      tenantId,
      name: c.name,
      phone: fictionalPhone(rng, z.state),
      line1: c.line1,
      line2: rng.chance(0.4) ? rng.pick(['Suite 400', 'Floor 12', 'Suite 1100', 'Building A']) : null,
      city: z.city,
      state: z.state,
      postalCode: z.zip,
      country: 'US',
      isActive: c.isActive,
      deletedAt: c.deleted ? new Date(closedAt) : null,
      backgroundCheckEnabled: c.backgroundCheckEnabled,
      orderMatchingEnabled: true,
      orderMatchingWindowDays: 30,
      createdAt: daysBefore(850 - i * 20),
    });
    return { def: c, id, closedAt: !c.isActive || c.deleted ? closedAt : null };
  });
  const companyByKey = new Map(companies.map((c) => [c.def.key, c]));

  const locations: BuiltLocation[] = def.locations.map((l, i) => {
    const id = seedIds.location(slug, l.key);
    const company = companyByKey.get(l.company);
    if (!company) throw new Error(`seed: location ${l.key} names unknown company ${l.company}`);
    const z = geo.zip(l.zip);
    const isActive = l.isActive ?? true;
    const strategies = l.scheduleStrategies ?? ALL_STRATEGIES;
    rows.locations.push({
      id,
      tenantId,
      companyId: company.id,
      name: l.name,
      phone: fictionalPhone(rng, z.state),
      line1: l.line1,
      line2: null,
      city: z.city,
      state: z.state,
      postalCode: z.zip,
      country: 'US',
      isActive,
      scheduleStrategies: [...strategies],
      feeCapCents: l.feeCapCents ?? null,
      orderMatchingEnabled: null,
      orderMatchingWindowDays: null,
      createdAt: daysBefore(800 - i * 10),
    });
    return {
      def: l,
      id,
      company,
      lat: z.latitude,
      long: z.longitude,
      state: z.state,
      strategies,
      feeCapCents: l.feeCapCents ?? null,
      closedAt: isActive ? company.closedAt : closedAt,
    };
  });
  const locationByKey = new Map(locations.map((l) => [l.def.key, l]));

  const services: BuiltService[] = SERVICE_DEFS.map((d, i) => {
    const id = seedIds.service(slug, d.key);
    rows.services.push({
      id,
      tenantId,
      name: d.name,
      type: d.type,
      category: d.category,
      specimenType: d.specimenType,
      isDot: d.isDot,
      externalId: d.key, // as the standard catalog's (catalog.ts)
      createdAt: daysBefore(880 - i),
    });
    return { def: d, id };
  });
  const serviceByKey = new Map(services.map((s) => [s.def.key, s]));

  const packages: BuiltPackage[] = PACKAGE_DEFS.map((p, i) => {
    const company = companyByKey.get(p.company);
    if (!company) throw new Error(`seed: package ${p.key} names unknown company ${p.company}`);
    const location = p.location ? locationByKey.get(p.location) : null;
    if (location === undefined) throw new Error(`seed: package ${p.key} names unknown location ${p.location}`);
    if (location && location.company !== company) throw new Error(`seed: package ${p.key}: location not under company`);
    const id = seedIds.package(slug, p.key);
    const name = p.name.replace('{location}', location?.def.name ?? '');
    const pkgServices = p.services.map((key) => {
      const s = serviceByKey.get(key);
      if (!s || !SERVICE_BY_KEY.has(key)) throw new Error(`seed: package ${p.key} names unknown service ${key}`);
      return s;
    });
    rows.packages.push({
      id,
      tenantId,
      companyId: company.id,
      locationId: location?.id ?? null,
      name,
      createdAt: daysBefore(780 - i * 5),
    });
    pkgServices.forEach((s, position) => rows.packageServices.push({ packageId: id, serviceId: s.id, position }));
    const bg = pkgServices.filter((s) => s.def.kind === 'background').length;
    return {
      def: p,
      id,
      name,
      company,
      location,
      services: pkgServices,
      isDot: pkgServices.some((s) => s.def.isDot),
      hasBackgroundCheck: bg > 0,
      backgroundOnly: bg === pkgServices.length,
    };
  });
  for (const p of packages) {
    if (p.hasBackgroundCheck && !p.company.def.backgroundCheckEnabled && !p.def.noOrders) {
      throw new Error(`seed: package ${p.def.key} has a background check but its company has no integration`);
    }
  }

  const users = [];
  for (const [i, u] of def.users.entries()) {
    const id = seedIds.user(slug, u.email);
    rows.users.push({
      id,
      tenantId,
      email: u.email,
      name: u.name,
      passwordHash: await passwordHash(slug, u.email),
      role: u.role,
      allCompanies: true,
      companyIds: [],
      disabledAt: null,
      createdAt: daysBefore(890 - i),
    });
    users.push({ id, email: u.email, name: u.name, role: u.role });
  }

  return { tenantId, companies, locations, services, packages, users };
}
