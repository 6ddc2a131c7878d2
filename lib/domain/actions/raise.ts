/**
 * The action kernel (DESIGN.md 7.4): raising and resolving actions, in the transaction of what
 * causes or fixes them. One open action per type and subject (the partial unique index
 * `actions_open_subject_idx`): raising one that is already open does nothing, so a worker may raise
 * on every round. The action center (issue 32: lists, manual resolution, dismissal, the timers that
 * raise the program's actions) is built on these two functions.
 */
import { and, eq } from 'drizzle-orm';
import type { Db } from '@/lib/db/client';
import { actions } from '@/lib/db/schema';
import type { Actor } from '@/lib/domain/context';
import { newId } from '@/lib/ids';

export const ACTION_SEVERITIES = ['critical', 'high', 'normal'] as const;
export type ActionSeverity = (typeof ACTION_SEVERITIES)[number];

/** What an action is about (DESIGN.md 7.4 `subject`; its `url` follows from these two). */
export interface ActionSubject {
  object: 'order' | 'employee' | 'randomPool' | 'randomDraw' | 'randomSelection' | 'followUpPlan' | 'webhookEndpoint' | 'misReport';
  id: string;
}

export interface RaiseActionInput {
  tenantId: string;
  /** e.g. `webhookEndpointDisabled`; with the subject, what makes an open action unique. */
  type: string;
  severity: ActionSeverity;
  /** One line a person reads in the action center and on the home page. */
  title: string;
  subject: ActionSubject;
  /** The company it concerns; null for a tenant-wide action (a webhook endpoint, a consortium pool). */
  companyId?: string | null;
  /** When it is due, on the tenant's clock (lib/domain/clock.ts); null when nothing is due. */
  dueAt?: Date | null;
  /** The rule it applies, e.g. `49 CFR 382.303(b)`; null for an action of the product's own. */
  citation?: string | null;
}

/** Raises an action in `db`'s transaction; null (nothing written) when one of its type and subject is open already. */
export async function raiseAction(db: Db, input: RaiseActionInput): Promise<{ id: string } | null> {
  const [row] = await db
    .insert(actions)
    .values({
      id: newId(),
      tenantId: input.tenantId,
      companyId: input.companyId ?? null,
      type: input.type,
      severity: input.severity,
      title: input.title,
      subjectObject: input.subject.object,
      subjectId: input.subject.id,
      dueAt: input.dueAt ?? null,
      citation: input.citation ?? null,
      status: 'open',
    })
    .onConflictDoNothing()
    .returning({ id: actions.id });
  return row ?? null;
}

/** `resolved_by`: who resolved it, as the action shows it. */
export function resolvedByOf(actor: Actor): { type: Actor['type']; id: string | null; name: string | null } {
  if (actor.type === 'user') return { type: 'user', id: actor.id, name: actor.name ?? actor.email };
  if (actor.type === 'token') return { type: 'token', id: actor.id, name: actor.name };
  return { type: 'system', id: null, name: actor.name };
}

export interface ResolveActionsInput {
  tenantId: string;
  type: string;
  subject: ActionSubject;
  /** Who fixed the cause (the actor of the change), or the system. */
  by: Actor;
  /** `automatic`: the change that fixed the cause resolved it; `manual`: a person said so. */
  resolution?: 'automatic' | 'manual';
  note?: string | null;
  /** Default: now (a stamp of what happened, real time). */
  at?: Date;
}

/** Resolves the open action of this type and subject, if any, in `db`'s transaction; the ids resolved. */
export async function resolveActions(db: Db, input: ResolveActionsInput): Promise<string[]> {
  const at = input.at ?? new Date();
  const rows = await db
    .update(actions)
    .set({ status: 'resolved', resolution: input.resolution ?? 'automatic', resolvedAt: at, resolvedBy: resolvedByOf(input.by), note: input.note ?? null, updatedAt: at })
    .where(
      and(
        eq(actions.tenantId, input.tenantId),
        eq(actions.type, input.type),
        eq(actions.subjectObject, input.subject.object),
        eq(actions.subjectId, input.subject.id),
        eq(actions.status, 'open'),
      ),
    )
    .returning({ id: actions.id });
  return rows.map((r) => r.id);
}
