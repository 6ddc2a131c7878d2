/**
 * Order matching (DESIGN.md): an open order of the same company and package whose participant
 * looks like the new one is returned instead of creating a duplicate.
 */

export const MATCH_THRESHOLD = 90;

export interface MatchableParticipant {
  firstName: string | null;
  lastName: string | null;
  birthDate: string | null;
  email: string | null;
  phone: string | null;
}

const WEIGHTS: Record<keyof MatchableParticipant, number> = { lastName: 25, firstName: 20, birthDate: 25, email: 15, phone: 15 };

const normalize = (field: keyof MatchableParticipant, value: string | null) => {
  if (value === null || value.trim() === '') return null;
  if (field === 'phone') return value.replace(/\D/g, '');
  return value.trim().toLowerCase().normalize('NFKD').replace(/[\u0300-\u036f]/g, '');
};

/**
 * Score 0..100: the weighted share of the fields known on both sides that agree. Names must be
 * known and agree, and at least one of birth date, e-mail and phone must be comparable; otherwise 0.
 */
export function matchScore(a: MatchableParticipant, b: MatchableParticipant): number {
  let compared = 0;
  let agreed = 0;
  for (const field of Object.keys(WEIGHTS) as Array<keyof MatchableParticipant>) {
    const x = normalize(field, a[field]);
    const y = normalize(field, b[field]);
    if (x === null || y === null) {
      if (field === 'firstName' || field === 'lastName') return 0;
      continue;
    }
    compared += WEIGHTS[field];
    if (x === y) agreed += WEIGHTS[field];
    else if (field === 'firstName' || field === 'lastName') return 0;
  }
  if (compared <= WEIGHTS.firstName + WEIGHTS.lastName) return 0;
  return Math.round((agreed / compared) * 100);
}
