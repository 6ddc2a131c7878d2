/** Request bodies and look-ups shared by the order tests. */
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { rowsOf } from '@/lib/db/client';
import { DEMO } from '@/lib/seed';
import { call, db, token } from './harness';

/** A last name no other test uses, so that order matching never links two tests' orders. */
export const uniqueName = () => `Test${randomUUID().slice(0, 8)}`;

/** A real-shaped US mobile number ending 0123 (masked `+1******0123`), its exchange at random. */
export const uniquePhone = () => `+1214${200 + Math.floor(Math.random() * 800)}0123`;

export function orderBody(overrides: Record<string, unknown> = {}) {
  const lastName = uniqueName();
  return {
    deliveryMethods: [{ type: 'email' }],
    location: { id: DEMO.acme.locations.primary },
    package: { id: DEMO.acme.packages.nonDot },
    participant: {
      firstName: 'Pat',
      lastName,
      birthDate: '1990-01-15',
      // An address per order (masked `p***@example.com`): messages to one address are limited per hour (lib/domain/outbox/message-limits.ts).
      email: `pat.${lastName.toLowerCase()}@example.com`,
      phone: uniquePhone(),
    },
    requester: { email: 'manager@acme.test', name: 'Morgan Lee' },
    settings: {},
    testReason: 'preEmployment',
    ...overrides,
  };
}

export const withParticipant = (extra: Record<string, unknown>, overrides: Record<string, unknown> = {}) => {
  const body = orderBody(overrides);
  return { ...body, participant: { ...body.participant, ...extra } };
};

export async function createOrder(body: unknown = orderBody(), t?: string) {
  const res = await call('POST', '/api/v2/orders', { token: t ?? (await token()), body });
  if (res.status !== 201) throw new Error(`create failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}

export async function agencyJobCategory(agencyId: string) {
  return rowsOf<{ id: string }>(await db().execute(sql`select id from job_categories where agency_id = ${agencyId} order by id limit 1`))[0].id;
}

/** An active clinic of the tenant offering every given service, with its total price. */
export async function clinicOffering(tenantId: string, serviceIds: string[], opts: { active?: boolean; minPrice?: number; maxPrice?: number } = {}) {
  const rows = rowsOf<{ id: string; price: number }>(
    await db().execute(sql`
      select c.id, sum(cs.price_cents)::int as price from clinics c join clinic_services cs on cs.clinic_id = c.id
      where c.tenant_id = ${tenantId} and c.is_active = ${opts.active ?? true}
        and cs.service_id in (${sql.join(serviceIds.map((s) => sql`${s}`), sql`, `)})
      group by c.id having count(*) = ${serviceIds.length}
        and sum(cs.price_cents) between ${opts.minPrice ?? 0} and ${opts.maxPrice ?? 1e9}
      order by c.id limit 1`),
  );
  return rows[0];
}

/** A clinic of the tenant lacking the service. */
export async function clinicLacking(tenantId: string, serviceId: string) {
  return rowsOf<{ id: string }>(
    await db().execute(sql`select c.id from clinics c where c.tenant_id = ${tenantId} and c.is_active
      and not exists (select 1 from clinic_services cs where cs.clinic_id = c.id and cs.service_id = ${serviceId}) order by c.id limit 1`),
  )[0];
}

export const acme = DEMO.acme;
