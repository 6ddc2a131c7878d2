/**
 * The action kernel (lib/domain/actions/raise.ts, DESIGN.md 7.4): one open action per type and
 * subject (the partial unique index), resolving closes it with who and how, and a later cause
 * raises a new one. On both engines: the conflict on a partial index is the engine's.
 */
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { actions } from '@/lib/db/schema';
import { raiseAction, resolveActions } from '@/lib/domain/actions';
import { newId } from '@/lib/ids';
import { createTestTenant } from './admins';
import { db, withTestDatabase } from './harness';

withTestDatabase();

let tenantId: string;
beforeAll(async () => {
  tenantId = (await createTestTenant()).id;
});

const input = (subjectId: string) => ({
  tenantId,
  type: 'webhookEndpointDisabled',
  severity: 'high' as const,
  title: 'Webhook endpoint https://example.com/h was disabled after failing for 5 days',
  subject: { object: 'webhookEndpoint' as const, id: subjectId },
});
const rowsOf = (subjectId: string) => db().select().from(actions).where(and(eq(actions.tenantId, tenantId), eq(actions.subjectId, subjectId)));

describe('raiseAction', () => {
  it('raises one open action per type and subject: raising it again writes nothing and answers null', async () => {
    const subject = newId();
    const first = await raiseAction(db(), input(subject));
    expect(first).toEqual({ id: expect.any(String) });
    expect(await raiseAction(db(), input(subject))).toBeNull();
    const rows = await rowsOf(subject);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ id: first!.id, status: 'open', severity: 'high', companyId: null, dueAt: null, citation: null, resolvedAt: null, resolution: null });
    // Another subject, or another type of the same subject, is an action of its own.
    expect(await raiseAction(db(), { ...input(subject), type: 'somethingElse' })).not.toBeNull();
    expect(await raiseAction(db(), input(newId()))).not.toBeNull();
  });
});

describe('resolveActions', () => {
  it('resolves the open action with who and how; nothing when none is open; a new cause raises a new one', async () => {
    const subject = newId();
    const raised = await raiseAction(db(), input(subject));
    const at = new Date('2026-11-27T12:00:00.000Z');
    const by = { type: 'user' as const, id: newId(), email: 'ops@example.com', name: null };
    expect(await resolveActions(db(), { tenantId, type: 'webhookEndpointDisabled', subject: { object: 'webhookEndpoint', id: subject }, by, at })).toEqual([raised!.id]);
    expect(await resolveActions(db(), { tenantId, type: 'webhookEndpointDisabled', subject: { object: 'webhookEndpoint', id: subject }, by, at })).toEqual([]);
    const [row] = await rowsOf(subject);
    expect(row).toMatchObject({ status: 'resolved', resolution: 'automatic', resolvedAt: at, resolvedBy: { type: 'user', id: by.id, name: 'ops@example.com' } });
    // Resolved, it no longer blocks: the next disabling raises a new action.
    expect(await raiseAction(db(), input(subject))).not.toBeNull();
    expect((await rowsOf(subject)).map((r) => r.status).sort()).toEqual(['open', 'resolved']);
  });

  it('only the tenant\'s own: another tenant\'s resolve of the same subject changes nothing', async () => {
    const subject = newId();
    await raiseAction(db(), input(subject));
    const other = (await createTestTenant()).id;
    const by = { type: 'system' as const, name: 'test' };
    expect(await resolveActions(db(), { tenantId: other, type: 'webhookEndpointDisabled', subject: { object: 'webhookEndpoint', id: subject }, by })).toEqual([]);
    expect((await rowsOf(subject))[0].status).toBe('open');
  });
});
