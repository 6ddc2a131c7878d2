/**
 * The floor of the stack for `npm run bench:api`: the get-order read path done with a bare
 * `node:http` server and raw `pg` (no Next.js, no drizzle, no zod, no auth, no rate limit),
 * with named prepared statements. Same SQL shape as lib/domain/orders/queries.ts getOrder:
 * 1. the visibility check (tenant, linked companies, id),
 * 2. the order with company, location, agency, job category, clinic and its packages (JSON),
 * 3. its services with lab and both histories aggregated as JSON.
 * The answer is a JSON document of the same size class as the API's Order.
 *
 * `tsx scripts/bench/bare-server.ts` with BARE_DATABASE_URL, BARE_PORT, BARE_TENANT_ID and
 * BARE_COMPANY_IDS (comma-separated). GET /orders/<id> answers 200 or 404.
 */
import http from 'node:http';
import pg from 'pg';
import { tooling } from '@/lib/config/tooling';

const url = tooling.BARE_DATABASE_URL;
if (!url) throw new Error('BARE_DATABASE_URL is required');
const port = tooling.BARE_PORT;
const tenantId = tooling.BARE_TENANT_ID;
const companyIds = tooling.BARE_COMPANY_IDS;

const pool = new pg.Pool({ connectionString: url, max: 10 });

const VISIBLE = {
  name: 'bare_visible',
  text: 'select id from orders where tenant_id = $1 and company_id = any($2::text[]) and id = $3',
};
const ORDER = {
  name: 'bare_order',
  text: `select o.*, co.name as company_name, l.name as location_name, a.code as agency_code,
      jc.name as job_category_name, jc.agency_id as job_category_agency_id, to_json(cl.*) as clinic,
      (select coalesce(json_agg(json_build_object('id', p.id, 'name', p.name) order by op.position), '[]'::json)
         from order_packages op join packages p on p.id = op.package_id where op.order_id = o.id) as packages
    from orders o
    join companies co on co.id = o.company_id
    join locations l on l.id = o.location_id
    left join agencies a on a.id = o.agency_id
    left join job_categories jc on jc.id = o.job_category_id
    left join clinics cl on cl.id = o.clinic_id
    where o.id = $1`,
};
const SERVICES = {
  name: 'bare_services',
  text: `select s.*, to_json(v.*) as lab,
      (select coalesce(json_agg(json_build_object('status', h.status, 'groupType', h.group_type, 'occurredAt', h.occurred_at) order by h.occurred_at, h.id), '[]'::json)
         from order_service_status_history h where h.order_service_id = s.id) as status_history,
      (select coalesce(json_agg(json_build_object('type', h.type, 'occurredAt', h.occurred_at) order by h.occurred_at, h.id), '[]'::json)
         from order_service_screen_history h where h.order_service_id = s.id) as screen_history
    from order_services s left join vendors v on v.id = s.lab_id
    where s.order_id = $1 order by s.position`,
};

const iso = (d: unknown) => (d instanceof Date ? d.toISOString() : d ?? null);

async function getOrder(id: string): Promise<unknown | null> {
  const visible = await pool.query({ ...VISIBLE, values: [tenantId, companyIds, id] });
  if (visible.rowCount === 0) return null;
  const [{ rows: [o] }, { rows: services }] = [await pool.query({ ...ORDER, values: [id] }), await pool.query({ ...SERVICES, values: [id] })];
  return {
    id: o.id,
    object: 'order',
    code: o.code,
    status: o.status,
    isFinal: o.is_final,
    createdAt: iso(o.created_at),
    updatedAt: iso(o.updated_at),
    expiresAt: iso(o.expires_at),
    company: { id: o.company_id, name: o.company_name, object: 'company' },
    location: { id: o.location_id, name: o.location_name, object: 'location' },
    agency: o.agency_id ? { id: o.agency_id, code: o.agency_code } : null,
    jobCategory: o.job_category_id ? { id: o.job_category_id, name: o.job_category_name, agencyId: o.job_category_agency_id } : null,
    clinic: o.clinic,
    packages: o.packages,
    participant: { firstName: o.participant_first_name, lastName: o.participant_last_name, email: o.participant_email, phone: o.participant_phone, address: o.participant_address },
    requester: o.requester,
    settings: o.settings,
    testReason: o.test_reason,
    services: services.map((s) => ({
      id: s.id,
      name: s.name,
      type: s.type,
      status: s.status,
      statusUpdatedAt: iso(s.status_updated_at),
      lab: s.lab,
      statusHistory: s.status_history,
      screenHistory: s.screen_history,
    })),
  };
}

const server = http.createServer((request, response) => {
  const match = /^\/orders\/([^/?]+)/.exec(request.url ?? '');
  if (!match) {
    response.writeHead(404, { 'Content-Type': 'application/json' }).end('{"error":"not found"}');
    return;
  }
  getOrder(decodeURIComponent(match[1])).then(
    (order) => {
      if (!order) response.writeHead(404, { 'Content-Type': 'application/json' }).end('{"error":"not found"}');
      else response.writeHead(200, { 'Content-Type': 'application/json; charset=utf-8' }).end(JSON.stringify(order));
    },
    (error: unknown) => {
      response.writeHead(500, { 'Content-Type': 'application/json' }).end(JSON.stringify({ error: String(error) }));
    },
  );
});
server.keepAliveTimeout = 65_000;
server.listen(port, '127.0.0.1', () => console.log(`bare server on http://127.0.0.1:${port}`));
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => server.close(() => void pool.end().then(() => process.exit(0))));
