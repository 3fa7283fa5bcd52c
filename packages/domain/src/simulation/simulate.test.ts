import { describe, expect, it } from 'vitest';
import { actionsOf, shrink, simulateOrganization } from './simulate';

describe('seeded simulation: organizations through whole cycles with faults', () => {
  it('keeps every invariant for 300 organizations of 2–12 members', () => {
    let cycles = 0;
    for (let seed = 1; seed <= 300; seed++) {
      const run = simulateOrganization(seed, 400);
      if (run.failure) {
        const shortest = shrink(seed, actionsOf(seed, run.steps));
        throw new Error(
          `seed ${seed} failed at step ${run.failure.step}: ${run.failure.broken.join('; ')}\nshortest: ${JSON.stringify(shortest)}`,
        );
      }
      cycles += run.cyclesCompleted;
    }
    // The mix of actions must actually reach completed cycles, or the run proves little.
    expect(cycles).toBeGreaterThan(30);
  });
});
