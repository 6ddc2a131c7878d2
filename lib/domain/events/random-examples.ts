/**
 * The example payloads of random testing's events (catalog.ts): a draw and a selection as the API
 * answers them, with example ids. Typed by the representations, so tsc refuses an example that no
 * longer matches its schema.
 */
import type { RandomDraw, RandomSelection } from '@/lib/domain/contract/random';

const DRAW = '00000000-0000-4000-8000-00000000d001';
const POOL = '00000000-0000-4000-8000-00000000b001';

export const EXAMPLE_RANDOM_DRAW: RandomDraw = {
  id: DRAW,
  object: 'randomDraw',
  pool: { id: POOL, object: 'randomPool', name: 'FMCSA drivers', url: `/api/v2/random-pools/${POOL}` },
  period: '2026-Q3',
  periodStart: '2026-07-01',
  periodEnd: '2026-09-30',
  drawnAt: '2026-07-01T14:02:11.418Z',
  drawnBy: { type: 'user', id: '00000000-0000-4000-8000-00000000a001', name: 'Morgan Lee' },
  poolSize: 42,
  eligible: { drug: 42, alcohol: 42 },
  meanPoolSize: 41,
  rates: { drug: 0.5, alcohol: 0.1 },
  required: { drug: 21, alcohol: 5 },
  selected: { drug: 5, alcohol: 1 },
  commitment: '630dcd2966c4336691125448bbb25b4ff412a49c732db2c8abc1b8581bd710dd',
  poolHash: '94866c673bf7a83dbbe07153110f7cd11eee1d8feebc11c18c677a3295daa420',
  seed: null,
  seedRevealedAt: null,
  algorithm: 'sha256-rank-v1',
  certificateUrl: `/api/v2/random-draws/${DRAW}/certificate`,
  snapshotUrl: `/api/v2/random-draws/${DRAW}/snapshot`,
  verificationUrl: `/api/v2/random-draws/${DRAW}/verification`,
  url: `/api/v2/random-draws/${DRAW}`,
};

const SELECTION = '00000000-0000-4000-8000-00000000c001';
const EMPLOYEE = '00000000-0000-4000-8000-0000000000e4';
const ORDER = '00000000-0000-4000-8000-000000000001';
const COMPANY = '00000000-0000-4000-8000-000000000010';

export const EXAMPLE_RANDOM_SELECTION: RandomSelection = {
  id: SELECTION,
  object: 'randomSelection',
  draw: { id: DRAW, object: 'randomDraw', period: '2026-Q3', url: `/api/v2/random-draws/${DRAW}` },
  employee: { id: EMPLOYEE, object: 'employee', name: 'Dana Driver', externalId: 'D-1042', url: `/api/v2/employees/${EMPLOYEE}` },
  company: { id: COMPANY, name: 'Acme Freight Lines', object: 'company', url: `/api/v2/companies/${COMPANY}` },
  kind: 'drug',
  rank: 1,
  status: 'ordered',
  notifyOn: '2026-08-19',
  order: { id: ORDER, object: 'order', status: 'ordered', url: `/api/v2/orders/${ORDER}` },
  excuse: null,
  replaces: null,
  replacedBy: null,
  createdAt: '2026-07-01T14:02:11.418Z',
  updatedAt: '2026-08-19T13:40:05.902Z',
  url: `/api/v2/random-selections/${SELECTION}`,
};
