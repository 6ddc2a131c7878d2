/**
 * Observed collection (DESIGN.md 7.3, 49 CFR 40.67(b)): a DOT order with testReason returnToDuty or
 * followUp is always directly observed: `settings.observedCollection` defaults to true and `false`
 * is 400 `invalidValue` at `/settings/observedCollection`. Other orders keep the request's value.
 */
import { describe, expect, it } from 'vitest';
import { DEMO } from '@/lib/seed';
import { call, expectError, token, withTestDatabase } from './harness';
import { orderBody } from './orders-fixtures';

withTestDatabase();

const dot = (testReason: string, settings: Record<string, unknown> = {}) =>
  orderBody({ package: { id: DEMO.acme.packages.dot }, agency: { id: DEMO.agencies.FMCSA }, testReason, settings });
const create = async (body: unknown) => call('POST', '/api/v2/orders', { token: await token(), body });

describe('POST /api/v2/orders: observed collection', () => {
  it.each(['returnToDuty', 'followUp'])('a DOT %s order is observed by default', async (reason) => {
    const res = await create(dot(reason));
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.settings.observedCollection).toBe(true);
  });

  it.each(['returnToDuty', 'followUp'])('a DOT %s order with observedCollection false is 400 invalidValue at /settings/observedCollection', async (reason) => {
    expectError(await create(dot(reason, { observedCollection: false })), 400, 'invalidValue', '/settings/observedCollection');
  });

  it('other DOT reasons and non-DOT orders keep the request\'s value (default false)', async () => {
    expect((await create(dot('preEmployment'))).body.settings.observedCollection).toBe(false);
    expect((await create(dot('random', { observedCollection: true }))).body.settings.observedCollection).toBe(true);
    const nonDot = await create(orderBody({ testReason: 'returnToDuty', settings: { observedCollection: false } }));
    expect(nonDot.status).toBe(201);
    expect(nonDot.body.settings.observedCollection).toBe(false);
  });
});
