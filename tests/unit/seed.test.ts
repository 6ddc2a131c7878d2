/**
 * The demo seed: what it contains, that its stories are consistent with the status rules, and that
 * it writes the same rows on every run.
 */
import bcrypt from 'bcryptjs';
import { sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateDatabase, openDatabase, rowsOf, type Database } from '@/lib/db/client';
import { DEMO, DEMO_PASSWORD, seedDemoData, seedIfEmpty, seedReferenceData } from '@/lib/seed';
import {
  ORDER_STATUSES,
  isFinalOrderStatus,
  isFinalServiceStatus,
  isOpenOrderStatus,
  serviceStatusGroup,
  servicesFitOrderStatus,
} from '@/lib/domain/order-model/status';

const SERVICE_TYPES = [
  'additionalService', 'backgroundCheckService', 'breathAlcoholTest', 'clinical', 'confirmationTest',
  'injuryCareService', 'instantDrugTest', 'labBasedToxicology', 'occupationalHealthService', 'safetyTraining',
  'vaccination', 'mroService', 'unknown',
];
const TENANTS = [DEMO.tenants.acme, DEMO.tenants.northwind];

let database: Database;
const firstSeed: boolean[] = [];

async function rows<T>(query: SQL): Promise<T[]> {
  return rowsOf<T>(await database.db.execute(query));
}

async function open(): Promise<Database> {
  const d = await openDatabase({ dataDir: 'memory://' });
  await migrateDatabase(d);
  return d;
}

beforeAll(async () => {
  database = await open();
  firstSeed.push(await seedIfEmpty(database.db, { demo: true }));
  firstSeed.push(await seedIfEmpty(database.db, { demo: true }));
}, 120_000);

afterAll(async () => {
  await database?.close();
});

describe('seedIfEmpty', () => {
  it('seeds an empty database once', () => {
    expect(firstSeed).toEqual([true, false]);
  });
});

describe('reference data', () => {
  it('has the six DOT agencies with their job categories', async () => {
    const agencies = await rows<{ id: string; code: string; name: string; categories: string[] }>(sql`
      select a.id, a.code, a.name, array_agg(j.code order by j.code) categories
      from agencies a join job_categories j on j.agency_id = a.id group by a.id order by a.code`);
    expect(agencies.map((a) => a.code)).toEqual(['FAA', 'FMCSA', 'FRA', 'FTA', 'PHMSA', 'USCG']);
    for (const a of agencies) expect(a.id).toBe(DEMO.agencies[a.code as keyof typeof DEMO.agencies]);
    const byCode = Object.fromEntries(agencies.map((a) => [a.code, a]));
    expect(byCode.FMCSA.name).toBe('Federal Motor Carrier Safety Administration');
    expect(byCode.FAA.categories).toEqual(
      expect.arrayContaining(['flightCrewMember', 'flightAttendant', 'airTrafficController', 'aircraftMaintenance', 'aviationScreener']),
    );
    expect(byCode.FAA.categories.length).toBeGreaterThanOrEqual(9);
    expect(byCode.FTA.categories).toEqual(expect.arrayContaining(['revenueVehicleOperation', 'armedSecurity']));
    expect(byCode.FRA.categories).toEqual(expect.arrayContaining(['maintenanceOfWay']));
  });
});

describe.each(TENANTS)('tenant $slug', (tenant) => {
  const t = tenant.id;

  it('has companies: active with and without background checks, inactive, deleted', async () => {
    const companies = await rows<{ is_active: boolean; deleted: boolean; bg: boolean; phone: string; city: string }>(sql`
      select is_active, deleted_at is not null deleted, background_check_enabled bg, phone, address_city city
      from companies where tenant_id = ${t}`);
    expect(companies.length).toBeGreaterThanOrEqual(4);
    const live = companies.filter((c) => c.is_active && !c.deleted);
    expect(live.length).toBeGreaterThanOrEqual(2);
    expect(live.some((c) => c.bg)).toBe(true);
    expect(live.some((c) => !c.bg)).toBe(true);
    expect(companies.some((c) => !c.is_active && !c.deleted)).toBe(true);
    expect(companies.some((c) => c.deleted)).toBe(true);
    for (const c of companies) {
      expect(c.phone).toMatch(/^\+1[2-9]\d{9}$/);
      expect(c.city).toBeTruthy();
    }
  });

  it('has locations in several states with varied strategies and fee caps', async () => {
    const locations = await rows<{ state: string; is_active: boolean; strategies: string[]; fee_cap_cents: number | null }>(sql`
      select address_state state, is_active, schedule_strategies strategies, fee_cap_cents from locations where tenant_id = ${t}`);
    expect(locations.length).toBeGreaterThanOrEqual(12);
    expect(new Set(locations.map((l) => l.state)).size).toBeGreaterThanOrEqual(6);
    expect(locations.filter((l) => !l.is_active)).toHaveLength(1);
    expect(locations.some((l) => l.strategies.length === 1 && l.strategies[0] === 'participantChoice')).toBe(true);
    expect(locations.filter((l) => l.strategies.length === 3).length).toBeGreaterThan(locations.length / 2);
    expect(locations.some((l) => l.fee_cap_cents !== null)).toBe(true);
    expect(locations.filter((l) => l.fee_cap_cents === null).length).toBeGreaterThan(locations.length / 2);
  });

  it('has a catalog covering every service type', async () => {
    const services = await rows<{ type: string; category: string | null; specimen_type: string | null }>(sql`
      select type, category, specimen_type from services where tenant_id = ${t}`);
    expect(new Set(services.map((s) => s.type))).toEqual(new Set(SERVICE_TYPES));
    expect(services.some((s) => s.category === null && s.specimen_type === null)).toBe(true);
    expect(services.some((s) => s.specimen_type === 'none')).toBe(false);
  });

  it('has at least 2,000 clinics at US places, most of them active', async () => {
    const [c] = await rows<{ n: number; active: number; positionless: number; states: number; bad_phone: number; offers: number }>(sql`
      select count(*)::int n, count(*) filter (where is_active)::int active,
        count(*) filter (where lat is null or long is null)::int positionless,
        count(distinct address_state)::int states,
        count(*) filter (where phone !~ '^\\+1[2-9][0-9]{9}$')::int bad_phone,
        (select count(distinct cs.clinic_id)::int from clinic_services cs join clinics k on k.id = cs.clinic_id where k.tenant_id = ${t}) offers
      from clinics where tenant_id = ${t}`);
    expect(c.n).toBeGreaterThanOrEqual(2000);
    expect(c.active / c.n).toBeGreaterThan(0.8);
    expect(c.active / c.n).toBeLessThan(0.97);
    expect(c.positionless).toBeGreaterThan(0);
    expect(c.positionless).toBeLessThan(20);
    expect(c.states).toBeGreaterThanOrEqual(50);
    expect(c.bad_phone).toBe(0);
    expect(c.offers).toBe(c.n);
    const [prices] = await rows<{ min: number; max: number }>(sql`
      select min(price_cents) min, max(price_cents) max from clinic_services cs join clinics k on k.id = cs.clinic_id where k.tenant_id = ${t}`);
    expect(prices.min).toBeGreaterThanOrEqual(2500);
    expect(prices.max).toBeLessThanOrEqual(15000);
  });

  it('has at least 300 orders covering every order status, each with a package and services', async () => {
    const statuses = await rows<{ status: string; n: number }>(sql`
      select status, count(*)::int n from orders where tenant_id = ${t} group by status`);
    expect(statuses.reduce((sum, s) => sum + s.n, 0)).toBeGreaterThanOrEqual(300);
    expect(statuses.map((s) => s.status).sort()).toEqual([...ORDER_STATUSES].sort());
    const [missing] = await rows<{ no_services: number; no_package: number; no_audit: number }>(sql`
      select count(*) filter (where not exists (select 1 from order_services s where s.order_id = o.id))::int no_services,
        count(*) filter (where (select count(*) from order_packages p where p.order_id = o.id) <> 1)::int no_package,
        count(*) filter (where not exists (select 1 from audit_events a where a.order_id = o.id and a.action = 'order.created'))::int no_audit
      from orders o where o.tenant_id = ${t}`);
    expect(missing).toEqual({ no_services: 0, no_package: 0, no_audit: 0 });
    const [counters] = await rows<{ counted: number; orders: number }>(sql`
      select (select coalesce(sum(count), 0)::int from order_counters where tenant_id = ${t}) counted,
        (select count(*)::int from orders where tenant_id = ${t}) orders`);
    expect(counters.counted).toBe(counters.orders);
  });

  it('tells stories consistent with the status rules', async () => {
    const orders = await rows<{
      id: string; status: string; is_final: boolean; created_at: string; status_updated_at: string; updated_at: string;
      expires_at: string; clinic_id: string | null; code: string;
      services: Array<{ status: string; type: string; history: Array<{ status: string; group_type: string; at: string }>; screens: Array<{ at: string }> }>;
    }>(sql`
      select o.id, o.status, o.is_final, o.created_at, o.status_updated_at, o.updated_at, o.expires_at, o.clinic_id, o.code,
        (select json_agg(json_build_object('status', s.status, 'type', s.type,
            'history', (select json_agg(json_build_object('status', h.status, 'group_type', h.group_type, 'at', h.occurred_at) order by h.occurred_at, h.id)
                        from order_service_status_history h where h.order_service_id = s.id),
            'screens', (select coalesce(json_agg(json_build_object('at', x.occurred_at) order by x.occurred_at), '[]') from order_service_screen_history x where x.order_service_id = s.id))
          order by s.position) from order_services s where s.order_id = o.id) services
      from orders o where o.tenant_id = ${t}`);
    const anchor = Date.parse(DEMO.anchor);
    const at = (v: string | Date) => new Date(v).getTime();
    for (const o of orders) {
      const where = `order ${o.code} (${o.status})`;
      expect(o.is_final, where).toBe(isFinalOrderStatus(o.status));
      expect(at(o.status_updated_at), where).toBeGreaterThanOrEqual(at(o.created_at));
      expect(at(o.updated_at), where).toBeGreaterThanOrEqual(at(o.status_updated_at));
      expect(at(o.updated_at), where).toBeLessThanOrEqual(anchor);
      // Two weeks after creation; open orders stay live at least two weeks after seeding (build-orders.ts).
      if (isOpenOrderStatus(o.status)) {
        expect(at(o.expires_at) - at(o.created_at), where).toBeGreaterThanOrEqual(14 * 86_400_000);
        expect(at(o.expires_at), where).toBeGreaterThan(Date.now() + 13 * 86_400_000);
      } else expect(at(o.expires_at) - at(o.created_at), where).toBe(14 * 86_400_000);
      expect(o.code, where).toMatch(/^[2-9A-HJ-NP-Z]{4}-[2-9A-HJ-NP-Z]{4}$/);
      const statuses = o.services.map((s) => s.status);
      expect(servicesFitOrderStatus(o.status, statuses), where).toBe(true);
      if (o.status === 'cancelled') {
        for (const s of o.services) if (s.type !== 'backgroundCheckService') expect(s.status, where).toBe('cancelled');
      }
      if (o.status === 'ordered' && o.clinic_id === null) expect(statuses.every((s) => s === 'ordered'), where).toBe(true);
      for (const s of o.services) {
        expect(s.history[0].status, where).toBe('ordered');
        expect(at(s.history[0].at), where).toBe(at(o.created_at));
        expect(s.history[s.history.length - 1].status, where).toBe(s.status);
        for (const h of s.history) {
          expect(h.group_type, where).toBe(serviceStatusGroup(h.status));
          expect(at(h.at), where).toBeLessThanOrEqual(anchor);
        }
        // A terminal status ends the history.
        expect(s.history.slice(0, -1).every((h) => !isFinalServiceStatus(h.status)), where).toBe(true);
        for (const x of s.screens) expect(at(x.at), where).toBeGreaterThanOrEqual(at(o.created_at));
      }
    }
  });

  it('names agencies and job categories on DOT orders only', async () => {
    const [c] = await rows<{ dot_without: number; non_dot_with: number; wrong_category: number; missing_category: number; dot: number }>(sql`
      with o as (
        select o.*, exists (select 1 from order_services s where s.order_id = o.id and s.is_dot) dot, a.code agency_code
        from orders o left join agencies a on a.id = o.agency_id where o.tenant_id = ${t})
      select count(*) filter (where dot and agency_id is null)::int dot_without,
        count(*) filter (where not dot and agency_id is not null)::int non_dot_with,
        count(*) filter (where job_category_id is not null and not exists (
          select 1 from job_categories j where j.id = o.job_category_id and j.agency_id = o.agency_id))::int wrong_category,
        count(*) filter (where agency_code in ('FAA', 'FRA', 'FTA') and job_category_id is null)::int missing_category,
        count(*) filter (where dot)::int dot
      from o`);
    expect(c).toEqual({ dot_without: 0, non_dot_with: 0, wrong_category: 0, missing_category: 0, dot: expect.any(Number) });
    expect(c.dot).toBeGreaterThan(50);
  });

  it('stores participant identifier values encrypted at rest', async () => {
    const [c] = await rows<{ plain: number; total: number }>(sql`
      select count(*) filter (where value not like 'enc:v1:%')::int plain, count(*)::int total from participant_identifiers`);
    expect(c.total).toBeGreaterThan(0);
    expect(c.plain).toBe(0);
  });

  it('has participants, identifiers and delivery methods that fit together', async () => {
    const [c] = await rows<{ n: number; bad_phone: number; email_without: number; sms_without: number; other_without: number; identifiers: number; with_address: number; bad_reason: number }>(sql`
      select count(*)::int n,
        count(*) filter (where participant_phone is not null and participant_phone !~ '^\\+1[2-9][0-9]{9}$')::int bad_phone,
        count(*) filter (where delivery_method = 'email' and participant_email is null)::int email_without,
        count(*) filter (where delivery_method = 'sms' and participant_phone is null)::int sms_without,
        count(*) filter (where test_reason = 'other' and other_test_reason is null)::int other_without,
        (select count(*)::int from participant_identifiers i join orders x on x.id = i.order_id where x.tenant_id = ${t}) identifiers,
        count(*) filter (where participant_address is not null)::int with_address,
        count(*) filter (where test_reason <> 'other' and other_test_reason is not null)::int bad_reason
      from orders where tenant_id = ${t}`);
    expect(c).toMatchObject({ bad_phone: 0, email_without: 0, sms_without: 0, other_without: 0, bad_reason: 0 });
    expect(c.identifiers).toBeGreaterThan(50);
    expect(c.with_address).toBeGreaterThan(c.n / 2);
  });

  it('has participants with several open orders, for order matching', async () => {
    const demo = tenant.slug === 'acme' ? DEMO.acme.sharedParticipant : DEMO.northwind.sharedParticipant;
    const [m] = await rows<{ n: number }>(sql`
      select count(*)::int n from orders o join order_packages p on p.order_id = o.id
      where o.tenant_id = ${t} and o.company_id = ${demo.companyId} and p.package_id = ${demo.packageId}
        and o.participant_first_name = ${demo.firstName} and o.participant_last_name = ${demo.lastName}
        and o.participant_birth_date = ${demo.birthDate} and o.participant_email = ${demo.email}
        and o.status in ('ordered', 'scheduled', 'pending')`);
    expect(m.n).toBeGreaterThanOrEqual(2);
  });
});

describe('the roster (DESIGN.md 7.1)', () => {
  it('gives Acme about 60 employees of its active companies: mostly FMCSA drivers with sealed CDLs, some other agencies, some non-DOT, a few inactive', async () => {
    const [c] = await rows<Record<string, number>>(sql`select count(*)::int total,
        count(*) filter (where a.code = 'FMCSA')::int fmcsa,
        count(*) filter (where a.code = 'FMCSA' and e.cdl_number_encrypted like 'enc:v1:%' and length(e.cdl_last4) = 4 and e.cdl_state is not null)::int drivers,
        count(*) filter (where a.code is not null and a.code <> 'FMCSA')::int other_dot,
        count(*) filter (where e.agency_id is null)::int non_dot,
        count(*) filter (where e.status = 'inactive' and e.active_to >= e.active_from)::int inactive,
        count(*) filter (where e.status = 'active' and e.active_to is null)::int active,
        count(*) filter (where c.is_active and c.deleted_at is null)::int of_active_companies,
        count(*) filter (where e.location_id is not null and l.company_id <> e.company_id)::int foreign_locations,
        count(*) filter (where e.job_category_id is not null and j.agency_id <> e.agency_id)::int foreign_categories
      from employees e join companies c on c.id = e.company_id left join agencies a on a.id = e.agency_id
        left join locations l on l.id = e.location_id left join job_categories j on j.id = e.job_category_id
      where e.tenant_id = ${DEMO.tenants.acme.id}`);
    expect(c.total).toBe(60);
    expect(c.of_active_companies).toBe(60);
    expect(c.fmcsa).toBeGreaterThan(30);
    expect(c.drivers).toBe(c.fmcsa);
    expect(c.other_dot).toBeGreaterThan(5);
    expect(c.non_dot).toBeGreaterThan(3);
    expect(c.inactive).toBeGreaterThan(0);
    expect(c.inactive + c.active).toBe(60);
    expect([c.foreign_locations, c.foreign_categories]).toEqual([0, 0]);
    const [northwind] = await rows<{ n: number }>(sql`select count(*)::int n from employees where tenant_id = ${DEMO.tenants.northwind.id}`);
    expect(northwind.n).toBe(0);
  });
});

describe('DEMO ids', () => {
  it('name the rows they describe', async () => {
    const a = DEMO.acme;
    const [c] = await rows<Record<string, boolean>>(sql`
      select
        (select is_active and deleted_at is null and background_check_enabled from companies where id = ${a.companies.primary}) primary_company,
        (select is_active and deleted_at is null and not background_check_enabled from companies where id = ${a.companies.secondary}) secondary_company,
        (select not is_active and deleted_at is null from companies where id = ${a.companies.inactive}) inactive_company,
        (select deleted_at is not null from companies where id = ${a.companies.deleted}) deleted_company,
        (select company_id = ${a.companies.primary} and is_active and cardinality(schedule_strategies) = 3 from locations where id = ${a.locations.primary}) primary_location,
        (select company_id = ${a.companies.secondary} from locations where id = ${a.locations.secondary}) secondary_location,
        (select not is_active from locations where id = ${a.locations.inactive}) inactive_location,
        (select schedule_strategies = array['participantChoice'] from locations where id = ${a.locations.participantChoiceOnly}) pc_only,
        (select fee_cap_cents is not null from locations where id = ${a.locations.feeCapped}) fee_capped,
        (select location_id = ${a.locations.primary} from packages where id = ${a.packages.locationLevel}) location_level,
        (select company_id = ${a.companies.secondary} from packages where id = ${a.packages.backgroundOnlyNoIntegration}) bg_no_integration,
        (select bool_and(s.type = 'backgroundCheckService') from package_services ps join services s on s.id = ps.service_id where ps.package_id = ${a.packages.backgroundOnly}) bg_only,
        (select array_agg(ps.service_id order by ps.position) = array[${a.services.dotUrine}, ${a.services.dotBreathAlcohol}]::text[] from package_services ps where ps.package_id = ${a.packages.dotWithAlcohol}) dot_with_alcohol,
        (select bool_or(s.type = 'backgroundCheckService') and bool_or(s.category = 'drug') from package_services ps join services s on s.id = ps.service_id where ps.package_id = ${a.packages.drugAndBackground}) drug_and_bg,
        (select is_dot and type = 'labBasedToxicology' and specimen_type = 'urine' from services where id = ${a.services.dotUrine}) dot_urine,
        (select is_dot and type = 'breathAlcoholTest' from services where id = ${a.services.dotBreathAlcohol}) dot_breath,
        (select category = 'physical' from services where id = ${a.services.physical}) physical,
        (select tenant_id = ${DEMO.tenants.northwind.id} from packages where id = ${DEMO.northwind.packages.nonDot}) northwind_package,
        (select company_id = ${DEMO.northwind.companies.primary} from locations where id = ${DEMO.northwind.locations.primary}) northwind_location`);
    for (const [key, ok] of Object.entries(c)) expect(ok, key).toBe(true);
  });

  it('let the demo users sign in with the demo password', async () => {
    const emails = [...Object.values(DEMO.acme.users), ...Object.values(DEMO.northwind.users)];
    const users = await rows<{ email: string; role: string; password_hash: string; all_companies: boolean }>(sql`
      select email, role, password_hash, all_companies from users order by email`);
    expect(users.map((u) => u.email).sort()).toEqual([...emails].sort());
    expect(users.find((u) => u.email === DEMO.acme.users.viewer)?.role).toBe('viewer');
    for (const u of users) {
      expect(u.all_companies).toBe(true);
      expect(bcrypt.getRounds(u.password_hash)).toBe(10);
    }
    expect(await bcrypt.compare(DEMO_PASSWORD, users[0].password_hash)).toBe(true);
  });
});

describe('a second, empty database', () => {
  let second: Database;
  beforeAll(async () => {
    second = await open();
  }, 120_000);
  afterAll(async () => {
    await second?.close();
  });

  it('gets reference data but no demo data when demo is off', async () => {
    expect(await seedIfEmpty(second.db, { demo: false })).toBe(false);
    await seedReferenceData(second.db); // idempotent
    const [counts] = rowsOf<{ tenants: number; agencies: number; labs: number }>(
      await second.db.execute(sql`select (select count(*)::int from tenants) tenants, (select count(*)::int from agencies) agencies,
        (select count(*)::int from vendors where type = 'lab') labs`),
    );
    expect(counts).toEqual({ tenants: 0, agencies: 6, labs: expect.any(Number) });
    expect(counts.labs).toBeGreaterThanOrEqual(5);
  });

  it('gets the very same demo rows from seedDemoData', { timeout: 120_000 }, async () => {
    const checksums = async (d: Database) => {
      const q = (table: string, columns: string) =>
        sql.raw(`(select md5(coalesce(string_agg(concat_ws('|', ${columns}), ',' order by id), '')) from ${table})`);
      const [row] = rowsOf<Record<string, string>>(
        await d.db.execute(sql`select
          ${q('tenants', 'id, slug, webhook_secret')} tenants,
          ${q('companies', 'id, name, is_active, deleted_at, address_postal_code')} companies,
          ${q('users', 'id, email, password_hash')} users,
          ${q('clinics', 'id, name, lat, long, is_active, phone')} clinics,
          ${q("(select clinic_id || '/' || service_id id, price_cents from clinic_services) cs", 'id, price_cents')} clinic_services,
          ${q('orders', 'id, code, status, created_at, status_updated_at, updated_at, participant_first_name, participant_email, clinic_id, settings::text, requester::text')} orders,
          ${q('order_services', 'id, status, status_updated_at, specimen_id, tracking_number')} order_services,
          ${q('order_service_status_history', 'id, status, occurred_at')} status_history,
          ${q('order_service_screen_history', 'id, type, occurred_at')} screen_history,
          ${q('participant_identifiers', 'id, type, issuing_state')} identifiers,
          ${q('employees', 'id, external_id, first_name, last_name, birth_date, cdl_last4, agency_id, status, active_from, active_to')} employees`),
      );
      return row;
    };
    await seedDemoData(second.db);
    const [a, b] = [await checksums(second), await checksums(database)];
    expect(Object.keys(a)).toHaveLength(11);
    expect(a).toEqual(b);
  });
});
