/**
 * The service catalog of a tenant from a file (`catalog import`, DESIGN.md 6.4): columns
 * externalId,name,type,category,specimenType,isDot; a service is added, or updated when the
 * tenant has one with that externalId. The standard catalog of a new tenant goes through
 * `upsertServices` too (lib/seed/catalog.ts).
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '@/lib/db/client';
import { services } from '@/lib/db/schema';
import { newId } from '@/lib/ids';
import { FieldReader, runImport, type BatchCounts, type ImportOptions, type ImportRecord, type ImportResult } from '@/lib/domain/imports';
import { SERVICE_TYPES } from './schemas';

export const SERVICE_COLUMNS = ['externalId', 'name', 'type', 'category', 'specimenType', 'isDot'] as const;
const REQUIRED = ['externalId', 'name', 'type'] as const;

export interface ServiceImportRow {
  externalId: string;
  name: string;
  type: string;
  category: string | null;
  specimenType: string | null;
  isDot: boolean;
}

/** One line's fields (by column, trimmed) to a service, or what is wrong with them. */
export function validateServiceRow(fields: Readonly<Record<string, string>>): { row: ServiceImportRow } | { problems: string[] } {
  const read = new FieldReader(fields);
  const externalId = read.text('externalId', { required: true });
  const name = read.text('name', { required: true });
  const type = read.text('type', { required: true });
  if (type && !(SERVICE_TYPES as readonly string[]).includes(type)) read.check(false, null, `type "${type}" is not one of ${SERVICE_TYPES.join(', ')}.`);
  const category = read.text('category', { max: 100 });
  const specimenType = read.text('specimenType', { max: 100 });
  const isDot = read.boolean('isDot', false);
  return read.result({ externalId, name, type, category, specimenType, isDot });
}

const same = (a: ServiceImportRow, b: ServiceImportRow) =>
  a.name === b.name && a.type === b.type && a.category === b.category && a.specimenType === b.specimenType && a.isDot === b.isDot;

/** Adds the rows the tenant lacks and updates those that differ, by externalId (distinct in `rows`). */
export async function upsertServices(db: Db, tenantId: string, rows: readonly ServiceImportRow[]): Promise<BatchCounts> {
  if (!rows.length) return { inserted: 0, updated: 0, unchanged: 0 };
  const existing = await db
    .select({ externalId: services.externalId, name: services.name, type: services.type, category: services.category, specimenType: services.specimenType, isDot: services.isDot })
    .from(services)
    .where(and(eq(services.tenantId, tenantId), inArray(services.externalId, rows.map((r) => r.externalId))));
  const byExternalId = new Map(existing.map((e) => [e.externalId!, e as ServiceImportRow]));
  const changed = rows.filter((r) => {
    const before = byExternalId.get(r.externalId);
    return !before || !same(before, r);
  });
  if (changed.length) {
    const json = JSON.stringify(
      changed.map((r) => ({ id: newId(), tenant_id: tenantId, external_id: r.externalId, name: r.name, type: r.type, category: r.category, specimen_type: r.specimenType, is_dot: r.isDot })),
    );
    await db.execute(sql`insert into ${services} (id, tenant_id, external_id, name, type, category, specimen_type, is_dot)
      select id, tenant_id, external_id, name, type, category, specimen_type, is_dot from json_populate_recordset(null::${services}, ${json}::json)
      on conflict (tenant_id, external_id) do update set name = excluded.name, type = excluded.type, category = excluded.category,
        specimen_type = excluded.specimen_type, is_dot = excluded.is_dot`);
  }
  const updated = changed.filter((r) => byExternalId.has(r.externalId)).length;
  return { inserted: changed.length - updated, updated, unchanged: rows.length - changed.length };
}

/** `catalog import`: streams `records` (header first) into the tenant's catalog. */
export function importServices(db: Db, tenantId: string, records: AsyncIterable<ImportRecord>, options: ImportOptions = {}): Promise<ImportResult> {
  return runImport<ServiceImportRow>(db, records, options, async (tx) => ({
    columns: SERVICE_COLUMNS,
    required: REQUIRED,
    validate: validateServiceRow,
    write: (rows) => upsertServices(tx, tenantId, rows),
  }));
}
