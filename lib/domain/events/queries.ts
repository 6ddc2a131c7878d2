/** Reading the event catalog: the same for every tenant. */
import { z } from 'zod';
import type { EventType } from '@/lib/domain/contract/management';
import { page, type PageQuery } from '@/lib/domain/pagination';
import { EVENT_TYPES, type EventTypeDefinition } from './catalog';

/** The JSON Schema of a payload, computed once per type. */
const schemas = new Map<string, Record<string, unknown>>();

function serializeEventType(def: EventTypeDefinition): EventType {
  let schema = schemas.get(def.type);
  if (!schema) {
    schema = z.toJSONSchema(def.schema, { io: 'output', unrepresentable: 'any' }) as Record<string, unknown>;
    schemas.set(def.type, schema);
  }
  return { object: 'eventType', type: def.type, summary: def.summary, description: def.description, schema, example: def.example as Record<string, unknown> };
}

/** The catalog by type name. */
export async function listEventTypes(q: PageQuery) {
  const sorted = [...EVENT_TYPES].sort((a, b) => a.type.localeCompare(b.type));
  const start = (q.page - 1) * q.limit;
  return page(sorted.slice(start, start + q.limit).map(serializeEventType), sorted.length, q);
}
