import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { simulateOrganization } from '../simulation/simulate';

describe('fund properties over random organizations (fast-check drives the seeds)', () => {
  it('no member contributes twice in a round, postings balance, completed cycles pay everyone once', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 2 ** 31 - 1 }), (seed) => {
        expect(simulateOrganization(seed, 300).failure).toBeNull();
      }),
      { numRuns: 60 },
    );
  });
});
