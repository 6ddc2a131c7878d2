/**
 * GET /api/v2/orders `search` (issue 19, item 2): every word matched against the code, first,
 * middle and last name and e-mail, in any order, case- and dash-insensitive; served by the
 * trigram index of migration 0011 on PostgreSQL.
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '@/lib/db/client';
import { searchWords } from '@/lib/domain/orders/queries';
import { db, expectError, get, token, withTestDatabase } from './harness';
import { createOrder, withParticipant } from './orders-fixtures';

withTestDatabase();

type Listed = { id: string };

describe('GET /api/v2/orders?search', () => {
  // Names no other test uses, so each search finds exactly the orders made here.
  const tag = randomUUID().slice(0, 6).replace(/[^a-z]/g, 'q');
  const first = `Pamela${tag}`;
  const middle = `Scott${tag}`;
  const last = `Nelson${tag}`;
  const email = `p.nelson-${tag}@example.org`;
  let order: { id: string; code: string };
  let other: { id: string; code: string };
  let t: string;

  beforeAll(async () => {
    order = await createOrder(withParticipant({ firstName: first, middleName: middle, lastName: last, email }));
    // Same first name, another last name: a word must match, not just one of them.
    other = await createOrder(withParticipant({ firstName: first, lastName: `Other${tag}`, email: null }, { deliveryMethods: [{ type: 'none' }] }));
    t = await token({ scopes: ['order.list'] });
  });

  async function ids(search: string) {
    const res = await get('/api/v2/orders', { token: t, query: { search, limit: 20 } });
    expect(res.status).toBe(200);
    return { ids: res.body.data.map((o: Listed) => o.id), total: res.body.total };
  }

  it('finds the name as the list shows it: first middle last', async () => {
    expect(await ids(`${first} ${middle} ${last}`)).toEqual({ ids: [order.id], total: 1 });
  });

  it('finds "Last, First" (any order, a comma between)', async () => {
    expect(await ids(`${last}, ${first}`)).toEqual({ ids: [order.id], total: 1 });
  });

  it('finds first and middle name alone', async () => {
    expect(await ids(`${first} ${middle}`)).toEqual({ ids: [order.id], total: 1 });
  });

  it('is case-insensitive', async () => {
    expect(await ids(`${last.toUpperCase()} ${first.toLowerCase()}`)).toEqual({ ids: [order.id], total: 1 });
  });

  it('finds the code typed without its dash, in lower case', async () => {
    expect(order.code).toContain('-');
    expect(await ids(order.code.replace(/-/g, '').toLowerCase())).toEqual({ ids: [order.id], total: 1 });
  });

  it('finds the code with its dash, and a part of it across the dash', async () => {
    expect((await ids(order.code)).ids).toEqual([order.id]);
    const [a, b] = order.code.split('-');
    expect((await ids(`${a.slice(-2)}${b.slice(0, 2)}`)).ids).toContain(order.id);
  });

  it('finds the e-mail and a word of it, dashes or not', async () => {
    expect((await ids(email)).ids).toEqual([order.id]);
    expect((await ids(`nelson${tag}`)).ids).toEqual([order.id]);
  });

  it('mixes code, name and e-mail words', async () => {
    expect((await ids(`${order.code} ${first} example.org`)).ids).toEqual([order.id]);
  });

  it('every word must match: one shared first name and a foreign last name find nothing', async () => {
    expect(await ids(`${first} Nobody${tag}`)).toEqual({ ids: [], total: 0 });
    expect((await ids(first)).ids.sort()).toEqual([order.id, other.id].sort());
  });

  it('LIKE wildcards are literal', async () => {
    expect(await ids(`${first} %`)).toEqual({ ids: [], total: 0 });
    expect(await ids(`${first}_`)).toEqual({ ids: [], total: 0 });
  });

  it('400 tooSmall at /search for a blank search', async () => {
    expectError(await get('/api/v2/orders', { token: t, query: { search: '   ' } }), 400, 'tooSmall', '/search');
  });

  it('400 tooBig at /search over 255 characters', async () => {
    expectError(await get('/api/v2/orders', { token: t, query: { search: 'a'.repeat(256) } }), 400, 'tooBig', '/search');
  });
});

describe('searchWords', () => {
  it('splits at spaces and commas, lower-cases, drops dashes and empty words', () => {
    expect(searchWords(' Nelson,  Pamela  B4NX-9BP8 ')).toEqual(['nelson', 'pamela', 'b4nx9bp8']);
    expect(searchWords('-- ,')).toEqual([]);
  });
  it('keeps at most 8 words', () => {
    expect(searchWords('a b c d e f g h i j')).toHaveLength(8);
  });
});

describe('the search index', () => {
  it('PostgreSQL (and PGlite) plan the search over orders_search_text_idx', async () => {
    await db().execute(sql`set enable_seqscan = off`);
    try {
      const plan = rowsOf<{ 'QUERY PLAN': string }>(
        await db().execute(
          sql`explain select id from orders where lower(replace(coalesce(code, '') || ' ' || coalesce(participant_first_name, '') || ' ' || coalesce(participant_middle_name, '') || ' ' || coalesce(participant_last_name, '') || ' ' || coalesce(participant_email, ''), '-', '')) like '%nelson%'`,
        ),
      )
        .map((r) => r['QUERY PLAN'])
        .join('\n');
      expect(plan).toContain('orders_search_text_idx');
    } finally {
      await db().execute(sql`reset enable_seqscan`);
    }
  });
});
