/** Checks every operation shares: authentication (401) and scope (403) in the spec's envelope. */
import { describe, expect, it } from 'vitest';
import type { Scope } from '@/lib/domain/scopes';
import { SCOPES } from '@/lib/domain/scopes';
import { revokeToken } from '@/lib/domain/api-tokens/tokens';
import { call, db, expectError, token } from './harness';
import { createToken } from '@/lib/domain/api-tokens/tokens';
import { DEMO } from '@/lib/seed';

export function describeAuthentication(method: string, path: () => string, scope: Scope, body?: unknown) {
  describe(`${method} authentication and scope`, () => {
    it('401 unauthenticated without an Authorization header', async () => {
      expectError(await call(method, path(), { body }), 401, 'unauthenticated');
    });
    it('401 unauthenticated for a malformed header', async () => {
      expectError(await call(method, path(), { body, headers: { authorization: 'Token abc' } }), 401, 'unauthenticated');
    });
    it('401 unauthenticated for an unknown token', async () => {
      expectError(await call(method, path(), { body, token: 'dto_test_unknown' }), 401, 'unauthenticated');
    });
    it('401 unauthenticated for an expired token', async () => {
      const created = await createToken(db(), { tenantId: DEMO.tenants.acme.id, name: 'expired', scopes: 'all', companyIds: 'all', expiresInSeconds: 0.001 });
      await new Promise((r) => setTimeout(r, 10));
      expectError(await call(method, path(), { body, token: created.token }), 401, 'unauthenticated');
    });
    it('401 unauthenticated for a revoked token', async () => {
      const created = await createToken(db(), { tenantId: DEMO.tenants.acme.id, name: 'revoked', scopes: 'all', companyIds: 'all' });
      expect(await revokeToken(db(), created.id)).toBe(true);
      expectError(await call(method, path(), { body, token: created.token }), 401, 'unauthenticated');
    });
    it(`403 insufficientScope without ${scope}`, async () => {
      const t = await token({ scopes: SCOPES.filter((s) => s !== scope) });
      const entry = expectError(await call(method, path(), { body, token: t }), 403, 'insufficientScope');
      expect(entry.meta).toEqual({ requiredScope: scope });
    });
  });
}

/** Spec 8: page 1..10000, limit 1..20, 400 with a pointer to the parameter. */
export function describePagination(path: string, scope: Scope) {
  describe('pagination bounds', () => {
    const cases: Array<[Record<string, string>, string, string]> = [
      [{ page: '0' }, 'tooSmall', '/page'],
      [{ page: '10001' }, 'tooBig', '/page'],
      [{ limit: '0' }, 'tooSmall', '/limit'],
      [{ limit: '21' }, 'tooBig', '/limit'],
      [{ limit: 'ten' }, 'invalidType', '/limit'],
      [{ page: '1.5' }, 'invalidType', '/page'],
    ];
    for (const [query, code, pointer] of cases) {
      it(`400 ${code} for ${new URLSearchParams(query)}`, async () => {
        const t = await token({ scopes: [scope] });
        expectError(await call('GET', path, { token: t, query }), 400, code, pointer);
      });
    }
    it('defaults to page 1 and limit 10', async () => {
      const res = await call('GET', path, { token: await token({ scopes: [scope] }) });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ page: 1, limit: 10 });
      expect(Object.keys(res.body).sort()).toEqual(['data', 'limit', 'page', 'total']);
    });
  });
}
