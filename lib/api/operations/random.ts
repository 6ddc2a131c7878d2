/** Random testing (DESIGN.md 7.2): rates, pools, draws, verification, selections and excuses. */
import {
  EQUAL_CHANCE, RandomDraw, RandomDrawVerification, RandomHistoryEntry, RandomPool, RandomPoolProgress, RandomRate, RandomSelection,
} from '@/lib/domain/contract/random';
import { ListRandomRatesQuery } from '@/lib/domain/rates/schemas';
import {
  CreateDrawBody, CreateRandomPoolBody, EXCUSE_REASONS, ExcuseSelectionBody, ListDrawsQuery, ListRandomPoolsQuery, ListSelectionsQuery, OrderSelectionBody,
  PoolProgressQuery, RandomHistoryQuery, UpdateRandomPoolBody,
} from '@/lib/domain/random/schemas';
import { pageOf } from '../representations';
import { ok, type OperationSpec } from './spec';

const POOL_ACCESS = 'A pool is visible to a principal linked to every one of its companies (404 otherwise), and its draws and selections with it.';

export const randomOperations = {
  listRandomRates: {
    method: 'GET', path: '/api/v2/random-rates', scope: 'random.read', tag: 'random', summary: 'List random-testing rates',
    description: 'DOT\'s minimum annual random-testing rates of a year (default: the tenant\'s current year) per agency (and FRA category), each with the notice it comes from. Rates are data: the operator adds a year with `random-rates set`.',
    query: ListRandomRatesQuery, responses: ok(pageOf(RandomRate, 'RandomRate')), errors: [400],
  },
  listRandomPools: {
    method: 'GET', path: '/api/v2/random-pools', scope: 'random.read', tag: 'random', summary: 'List random pools',
    description: `${POOL_ACCESS} By name.`, query: ListRandomPoolsQuery, responses: ok(pageOf(RandomPool, 'RandomPool')), errors: [400],
  },
  createRandomPool: {
    method: 'POST', path: '/api/v2/random-pools', scope: 'random.write', tag: 'random', summary: 'Create a random pool',
    description:
      'Members are computed: the active employees of its companies covered by one of its agencies (`dot`), or without DOT coverage (`nonDot`). ' +
      'A DOT pool\'s rates are at least the year\'s minimum of its highest-rate agency (400 `tooSmall` at `/drugRate`, `/alcoholRate`); ' +
      '`dot` needs agencies (400 `required` at `/agencies`), `nonDot` takes none (400 `invalidValue`). Companies of the principal (404 at `/companies/<i>/id`); ' +
      `packages of one of them (404 at \`/packages/drug/id\`). ${EQUAL_CHANCE}`,
    body: CreateRandomPoolBody, created: 'randomPool',
    responses: { 201: { description: 'Created', schema: RandomPool, headers: { Location: 'Path of the new pool.' } } },
    errors: [400, 404, 413],
  },
  getRandomPool: {
    method: 'GET', path: '/api/v2/random-pools/{id}', scope: 'random.read', tag: 'random', summary: 'Get a random pool',
    description: POOL_ACCESS, responses: ok(RandomPool), errors: [404],
  },
  updateRandomPool: {
    method: 'PATCH', path: '/api/v2/random-pools/{id}', scope: 'random.write', tag: 'random', summary: 'Change a random pool',
    description: `The members sent change; the pool is checked again as at creation. \`isActive: false\` stops its draws; nothing is deleted. ${EQUAL_CHANCE}`,
    body: UpdateRandomPoolBody, responses: ok(RandomPool), errors: [400, 404, 413],
  },
  getRandomPoolProgress: {
    method: 'GET', path: '/api/v2/random-pools/{id}/progress', scope: 'random.read', tag: 'random', summary: 'A pool\'s progress in a year',
    description: 'Per period the pool size, the draw, what was selected, completed, excused and lost; for the year the mean pool size, the required count per kind, what is completed, and whether the pool is on track.',
    query: PoolProgressQuery, responses: ok(RandomPoolProgress), errors: [400, 404],
  },
  listRandomDraws: {
    method: 'GET', path: '/api/v2/random-pools/{id}/draws', scope: 'random.read', tag: 'random', summary: 'List a pool\'s draws',
    description: 'Newest period first.', query: ListDrawsQuery, responses: ok(pageOf(RandomDraw, 'RandomDraw')), errors: [400, 404],
  },
  createRandomDraw: {
    method: 'POST', path: '/api/v2/random-pools/{id}/draws', scope: 'random.write', tag: 'random', summary: 'Draw a pool\'s period',
    description:
      'Behind the roster confirmation (400 `required` at `/rosterConfirmed`). One draw per pool and period (409 `conflict`), made during its period on the tenant\'s clock ' +
      '(422 `invalidState` for a period not yet begun or already over). The seed is committed (`commitment`), the eligible members\' snapshot hashed (`poolHash`), ' +
      'and every member ranked by `sha256-rank-v1` (docs/random-draws.md); the first N per kind are selected, each with a `notifyOn` day drawn within what is left of the period.',
    body: CreateDrawBody, created: 'randomDraw',
    responses: { 201: { description: 'Drawn', schema: RandomDraw, headers: { Location: 'Path of the draw.' } } },
    errors: [400, 404, 409, 413, 422],
  },
  getRandomDraw: {
    method: 'GET', path: '/api/v2/random-draws/{id}', scope: 'random.read', tag: 'random', summary: 'Get a draw',
    description: '`seed` is null until revealed.', responses: ok(RandomDraw), errors: [404],
  },
  revealRandomDraw: {
    method: 'POST', path: '/api/v2/random-draws/{id}/reveal', scope: 'random.write', tag: 'random', summary: 'Reveal a draw\'s seed',
    description: 'Publishes the seed (audited), so that anyone can check it against the commitment and recompute the draw. Revealing again answers the draw as it is.',
    responses: ok(RandomDraw), errors: [404],
  },
  getRandomDrawVerification: {
    method: 'GET', path: '/api/v2/random-draws/{id}/verification', scope: 'random.read', tag: 'random', summary: 'Everything needed to recompute a draw',
    description: 'The seed (once revealed), the snapshot\'s ids in order, the eligible ids per kind, the algorithm and the selected ids per kind. `npm run --silent cli -- random verify --file verification.json` recomputes it.',
    responses: ok(RandomDrawVerification), errors: [404],
  },
  getRandomDrawCertificate: {
    method: 'GET', path: '/api/v2/random-draws/{id}/certificate', scope: 'random.read', tag: 'random', summary: 'A draw\'s certificate (PDF)',
    description: 'Marked CONFIDENTIAL: pool, period, rates, method, commitment, pool hash, counts, and the selected names with their ranks.',
    responses: { 200: { description: 'The certificate.', files: ['application/pdf'] } }, errors: [404],
  },
  getRandomDrawSnapshot: {
    method: 'GET', path: '/api/v2/random-draws/{id}/snapshot', scope: 'random.read', tag: 'random', summary: 'A draw\'s eligible list (CSV)',
    description: 'Every member eligible at the draw: id, external id, name, company, location, agency, job category, and whether eligible for alcohol.',
    responses: { 200: { description: 'The eligible list.', files: ['text/csv'] } }, errors: [404],
  },
  listRandomDrawSelections: {
    method: 'GET', path: '/api/v2/random-draws/{id}/selections', scope: 'random.read', tag: 'random', summary: 'List a draw\'s selections',
    description: 'By kind and rank. `status` is computed: `completed` once the order is final, `lost` when the period ended without that.',
    query: ListSelectionsQuery, responses: ok(pageOf(RandomSelection, 'RandomSelection')), errors: [400, 404],
  },
  orderRandomSelection: {
    method: 'POST', path: '/api/v2/random-selections/{id}/order', scope: 'random.write', tag: 'random', summary: 'Order a selection\'s test',
    description:
      'Creates the order with `testReason: random`, the pool\'s package for the kind and create-order\'s `employee` (the person, DOT coverage and, unless `location` is given, location: so the principal needs `employee.read` too); ' +
      'delivery method, requester and settings as create-order. 422 `invalidState` for a selection not `selected`, or a pool without a package for the kind.',
    body: OrderSelectionBody, responses: ok(RandomSelection), errors: [400, 404, 413, 422],
  },
  excuseRandomSelection: {
    method: 'POST', path: '/api/v2/random-selections/{id}/excuse', scope: 'random.write', tag: 'random', summary: 'Excuse a selection',
    description:
      `\`reason\`: ${EXCUSE_REASONS.join(', ')} (notOnDutyForAlcohol: alcohol only); DOT allows no other (400 \`invalidValue\` at \`/reason\`). ` +
      'The next alternate in rank order (of the same company in a consortium pool) becomes a selection that `replaces` it. 422 `invalidState` for a selection not `selected`.',
    body: ExcuseSelectionBody, responses: ok(RandomSelection), errors: [400, 404, 413, 422],
  },
  getEmployeeRandomHistory: {
    method: 'GET', path: '/api/v2/employees/{id}/random-history', scope: 'random.read', tag: 'random', summary: 'An employee\'s history of draws',
    description: 'Every draw the employee was eligible for, newest first, with their selections in it.',
    query: RandomHistoryQuery, responses: ok(pageOf(RandomHistoryEntry, 'RandomHistoryEntry')), errors: [400, 404],
  },
} satisfies Record<string, OperationSpec>;
