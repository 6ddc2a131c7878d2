import { describe, expect, it } from 'vitest';
import { MATCH_THRESHOLD, matchScore, type MatchableParticipant } from '@/lib/domain/orders/matching';

const jane: MatchableParticipant = { firstName: 'Jane', lastName: 'Doe', birthDate: '1990-02-28', email: 'jane@example.com', phone: '+15555550100' };

describe('matchScore', () => {
  it('100 for the same person, whatever the case, spacing and accents', () => {
    expect(matchScore(jane, { ...jane, firstName: ' JANE ', lastName: 'Doé', email: 'JANE@example.com' })).toBe(100);
  });
  it('0 when a name differs or is unknown', () => {
    expect(matchScore(jane, { ...jane, firstName: 'John' })).toBe(0);
    expect(matchScore(jane, { ...jane, lastName: null })).toBe(0);
  });
  it('0 when only the names can be compared', () => {
    expect(matchScore(jane, { firstName: 'Jane', lastName: 'Doe', birthDate: null, email: null, phone: null })).toBe(0);
  });
  it('weights the fields known on both sides', () => {
    // names 45 + birth date 25 + e-mail 15 agree, phone 15 differs: 85 of 100.
    expect(matchScore(jane, { ...jane, phone: '+15555550199' })).toBe(85);
    // names + birth date agree, e-mail and phone unknown on one side: 70 of 70.
    expect(matchScore(jane, { ...jane, email: null, phone: null })).toBe(100);
    // a different birth date: 75 of 100, below the threshold.
    expect(matchScore(jane, { ...jane, birthDate: '1991-02-28' })).toBe(75);
  });
  it('the threshold is 90', () => {
    expect(MATCH_THRESHOLD).toBe(90);
    expect(matchScore(jane, { ...jane, phone: '+15555550199' })).toBeLessThan(MATCH_THRESHOLD);
  });
});
