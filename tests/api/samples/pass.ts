/** Samples of lib/api/operations/pass.ts for the isolation matrix and the fuzz run (see ../operation-samples.ts). */
import type { Fixtures, SampleOf } from '../operation-samples';

export const samples = {
} satisfies Record<string, SampleOf>;

/** Resources the samples need, made once with the admin token `t`; merged into the fixtures. */
export async function fixtures(_t: string, _base: Fixtures): Promise<Record<string, string>> {
  return {};
}
