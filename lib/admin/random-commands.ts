/**
 * Random testing's operator commands (DESIGN.md 7.2): `random-rates set` adds or corrects a year's
 * minimum rates (rates are data, with their source), and `random verify` recomputes a draw from its
 * verification answer (`GET /api/v2/random-draws/{id}/verification`) alone, with the same pure
 * algorithm the draw used (lib/domain/random/algorithm.ts), reading nothing from the database.
 *
 * Registered in COMMANDS (commands.ts), which imports this module: it takes only types and
 * UsageError (used when a command runs, not while the modules load) from there.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Database } from '@/lib/db/client';
import type { RateCategory } from '@/lib/domain/rates/rates-data';
import { UsageError, type Command, type RawArgs } from './commands';

interface SetRateInput {
  agency: string;
  category: RateCategory | null;
  year: number;
  drug: number;
  alcohol: number | null;
  source: string;
}

const CATEGORIES = ['covered', 'maintenanceOfWay', 'mechanical'] as const;

function rate(args: RawArgs, name: string, allowNone: boolean): number | null {
  const value = args[name]?.trim();
  if (value === undefined || value === '') throw new UsageError(`--${name} is required${allowNone ? ' (a fraction such as 0.1, or "none")' : ' (a fraction such as 0.5)'}.`, 'random-rates set');
  if (allowNone && value === 'none') return null;
  const n = Number(value);
  if (!/^(0(\.\d+)?|1(\.0+)?)$/.test(value) || !(n >= 0 && n <= 1)) throw new UsageError(`--${name} must be a fraction from 0 to 1 (0.5 is 50%), not "${value}".`, 'random-rates set');
  return n;
}

function parseSetRate(args: RawArgs): SetRateInput {
  const agency = args.agency?.trim();
  if (!agency) throw new UsageError('--agency <id|code> is required.', 'random-rates set');
  const category = args.category?.trim() || null;
  if (category !== null && !(CATEGORIES as readonly string[]).includes(category))
    throw new UsageError(`--category must be one of ${CATEGORIES.join(', ')} (FRA only), not "${category}".`, 'random-rates set');
  const yearText = args.year?.trim() ?? '';
  const year = Number(yearText);
  if (!/^\d{4}$/.test(yearText) || year < 2000 || year > 2100) throw new UsageError(`--year must be a year such as 2027, not "${yearText}".`, 'random-rates set');
  const source = args.source?.trim();
  if (!source) throw new UsageError('--source is required: the Federal Register notice the rates come from.', 'random-rates set');
  return { agency, category: category as RateCategory | null, year, drug: rate(args, 'drug', false)!, alcohol: rate(args, 'alcohol', true), source };
}

interface VerifyInput {
  file: string;
}

interface VerifyResult {
  ok: boolean;
  drawId: string;
  algorithm: string;
  checks: Array<{ name: string; ok: boolean; detail: string }>;
}

const isStringArray = (v: unknown): v is string[] => Array.isArray(v) && v.every((x) => typeof x === 'string');

/** The verification answer's members the check reads, each checked for its shape. */
function readVerification(file: string) {
  let json: unknown;
  try {
    json = JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch (error) {
    throw new UsageError(`--file ${file}: not a readable JSON file (${(error as Error).message}).`, 'random verify');
  }
  const v = json as Record<string, unknown>;
  const kinds = (x: unknown) => !!x && typeof x === 'object' && isStringArray((x as Record<string, unknown>).drug) && isStringArray((x as Record<string, unknown>).alcohol);
  if (
    !v || typeof v !== 'object' || typeof v.drawId !== 'string' || typeof v.algorithm !== 'string' || typeof v.commitment !== 'string' || typeof v.poolHash !== 'string' ||
    !(v.seed === null || typeof v.seed === 'string') || !isStringArray(v.snapshotIds) || !kinds(v.eligible) || !kinds(v.selected)
  )
    throw new UsageError(`--file ${file}: not a verification answer (GET /api/v2/random-draws/{id}/verification): it needs drawId, algorithm, seed, commitment, poolHash, snapshotIds, eligible and selected.`, 'random verify');
  return {
    drawId: v.drawId,
    algorithm: v.algorithm,
    seed: v.seed as string | null,
    commitment: v.commitment,
    poolHash: v.poolHash,
    snapshotIds: v.snapshotIds,
    eligible: v.eligible as { drug: string[]; alcohol: string[] },
    selected: v.selected as { drug: string[]; alcohol: string[] },
  };
}

export const RANDOM_COMMANDS: readonly Command[] = [
  {
    name: 'random-rates set',
    summary: 'Add or correct DOT\'s minimum random-testing rates of an agency (and FRA category) for a year, with their source.',
    details: 'Rates are fractions (0.5 is 50%); --alcohol none for an agency without random alcohol testing. Prints the RandomRate.',
    options: {
      agency: { type: 'string', value: '<id|code>', description: 'agency id or code, e.g. FMCSA', required: true },
      category: { type: 'string', value: '<category>', description: 'FRA only: covered, maintenanceOfWay or mechanical' },
      year: { type: 'string', value: '<YYYY>', description: 'calendar year', required: true },
      drug: { type: 'string', value: '<fraction>', description: 'minimum drug rate, e.g. 0.5', required: true },
      alcohol: { type: 'string', value: '<fraction|none>', description: 'minimum alcohol rate, e.g. 0.1, or none', required: true },
      source: { type: 'string', value: '<text>', description: 'the Federal Register notice (citation and URL)', required: true },
    },
    parse: parseSetRate,
    async run({ db }: Database, input) {
      const { setRandomRate } = await import('@/lib/domain/rates/set-rate');
      return setRandomRate(db, input as SetRateInput);
    },
  } satisfies Command<SetRateInput> as Command,
  {
    name: 'random verify',
    summary: 'Recompute a random draw from its verification answer alone: the commitment, the pool hash and each kind\'s selection.',
    details: 'Save GET /api/v2/random-draws/{id}/verification (after the reveal) as a file. Prints { "ok", "drawId", "algorithm", "checks" }; exit code 1 when a check fails.',
    options: { file: { type: 'string', value: '<verification.json>', description: 'the verification answer, as JSON', required: true, path: true } },
    parse(args: RawArgs): VerifyInput {
      const file = args.file?.trim();
      if (!file) throw new UsageError('--file <verification.json> is required.', 'random verify');
      return { file: path.resolve(file) };
    },
    async run(_database: Database, input): Promise<VerifyResult> {
      const { verifyDraw } = await import('@/lib/domain/random/algorithm');
      const v = readVerification((input as VerifyInput).file);
      const result = verifyDraw(v);
      return { ok: result.ok, drawId: v.drawId, algorithm: v.algorithm, checks: result.checks };
    },
    exitCode: (result) => ((result as VerifyResult).ok ? 0 : 1),
  } satisfies Command<VerifyInput> as Command,
];
