/**
 * `random verify` (DESIGN.md 7.2): recomputes a draw from its verification answer alone (exit 0 when
 * every check holds, 1 when one fails, 2 for a file that is not one); `random-rates set` adds a year
 * with its source. On PGlite.
 */
import fs from 'node:fs';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { randomRates } from '@/lib/db/schema';
import { commitmentOf, poolHashOf, rankMembers } from '@/lib/domain/random/algorithm';
import { DEMO } from '@/lib/seed';
import { cli, tempDir, withDb } from './helpers';

const dir = tempDir();
const env = { DATA_DIR: path.join(dir, 'data') };

// A draw as GET /api/v2/random-draws/{id}/verification answers it once revealed.
const seed = 'a1'.repeat(32);
const drawId = '00000000-0000-4000-8000-00000000d002';
const ids = Array.from({ length: 20 }, (_, i) => `00000000-0000-4000-8000-0000000001${String(i).padStart(2, '0')}`);
const answer = {
  object: 'randomDrawVerification', drawId, algorithm: 'sha256-rank-v1', seed, commitment: commitmentOf(seed), poolHash: poolHashOf(ids), snapshotIds: ids,
  eligible: { drug: ids, alcohol: ids.slice(0, 10) },
  selected: { drug: rankMembers(seed, drawId, 'drug', ids).slice(0, 5), alcohol: rankMembers(seed, drawId, 'alcohol', ids.slice(0, 10)).slice(0, 1) },
};
const write = (name: string, value: unknown) => {
  const file = path.join(dir, name);
  fs.writeFileSync(file, typeof value === 'string' ? value : JSON.stringify(value));
  return file;
};

describe('random verify', () => {
  it('0 and ok for a true draw; 1 naming the failed check for a changed selection; 2 for a file that is not a verification answer', async () => {
    const ok = await cli(['random', 'verify', '--file', write('ok.json', answer)], env);
    expect(ok.code, ok.stderr).toBe(0);
    expect(ok.json).toMatchObject({ ok: true, drawId, algorithm: 'sha256-rank-v1' });
    expect(ok.json.checks.map((c: { name: string; ok: boolean }) => [c.name, c.ok])).toEqual([['algorithm', true], ['commitment', true], ['poolHash', true], ['drugSelection', true], ['alcoholSelection', true]]);

    const changed = { ...answer, selected: { ...answer.selected, drug: [...answer.selected.drug].reverse() } };
    const bad = await cli(['random', 'verify', '--file', write('changed.json', changed)], env);
    expect(bad.code).toBe(1);
    expect(bad.json.checks.find((c: { name: string }) => c.name === 'drugSelection')).toMatchObject({ ok: false });

    const notOne = await cli(['random', 'verify', '--file', write('not.json', '{"drawId": 1}')], env);
    expect(notOne.code).toBe(2);
    expect(notOne.stderr).toMatch(/not a verification answer/);
  });
});

describe('random-rates set', () => {
  it('adds a year with its source; 2 for a rate above 1', async () => {
    const set = await cli(['random-rates', 'set', '--agency', 'FMCSA', '--year', '2027', '--drug', '0.5', '--alcohol', '0.1', '--source', 'FMCSA notice for 2027 (test)'], env);
    expect(set.code, set.stderr).toBe(0);
    expect(set.json).toMatchObject({ object: 'randomRate', agency: { code: 'FMCSA' }, year: 2027, drug: 0.5, alcohol: 0.1, source: 'FMCSA notice for 2027 (test)' });
    const rows = await withDb({ dataDir: path.join(dir, 'data', 'pglite') }, (db) =>
      db.select().from(randomRates).where(and(eq(randomRates.agencyId, DEMO.agencies.FMCSA), eq(randomRates.year, 2027))),
    );
    expect(rows).toHaveLength(1);
    const wrong = await cli(['random-rates', 'set', '--agency', 'FMCSA', '--year', '2027', '--drug', '1.5', '--alcohol', 'none', '--source', 'x'], env);
    expect(wrong.code).toBe(2);
  });
});
