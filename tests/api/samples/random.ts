/** Samples of lib/api/operations/random.ts for the isolation matrix and the fuzz run (see ../operation-samples.ts). */
import type { Fixtures, SampleOf } from '../operation-samples';

export const samples = {} satisfies Record<string, SampleOf>;

export async function fixtures(_t: string, _base: Fixtures): Promise<Record<string, string>> {
  return {};
}
