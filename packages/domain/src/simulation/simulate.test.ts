import { describe, expect, it } from 'vitest';
import { cyclesCompleted } from '../fund/cycles';
import { actionsOf, type SimulationOptions, shrink, simulateOrganization } from './simulate';

describe('seeded simulation: organizations through whole cycles with faults', () => {
  // `npm run test:deep` raises it to 100,000 organizations.
  const SEEDS = Number(process.env.SIMULATION_SEEDS ?? 300);

  it(
    `keeps every invariant for ${SEEDS} organizations of 2–12 members`,
    () => {
      let cycles = 0;
      for (let seed = 1; seed <= SEEDS; seed++) {
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
      expect(cycles).toBeGreaterThan(SEEDS / 10);
      // About 2 s alone; the machine is shared with other suites, so the default 5 s is too tight.
    },
    60_000 + SEEDS * 20,
  );

  it('guided runs (a share of moves that make progress) keep every invariant and go much further', () => {
    let cycles = 0;
    for (let seed = 1; seed <= 100; seed++) {
      const run = simulateOrganization(seed, 400, undefined, { guidance: 0.3 });
      if (run.failure)
        throw new Error(
          `guided seed ${seed} failed at step ${run.failure.step}: ${run.failure.broken.join('; ')}`,
        );
      cycles += run.cyclesCompleted;
    }
    // Unguided, these 100 organizations complete about 50 cycles; guided, several times more.
    expect(cycles).toBeGreaterThan(200);
    expect(simulateOrganization(7, 300, undefined, { guidance: 0.3 })).toEqual(
      simulateOrganization(7, 300, undefined, { guidance: 0.3 }),
    );
  }, 60_000);

  it('replays exactly from its seed, to the same ledger hash; another seed gives another', () => {
    expect(simulateOrganization(42, 300)).toEqual(simulateOrganization(42, 300));
    // Guided runs move money: their journals are not empty, and differ from seed to seed.
    const guided = (seed: number) => simulateOrganization(seed, 300, undefined, { guidance: 0.3 }).ledgerHash;
    const emptyJournal = '4f53cda18c2baa0c0354bb5f9a3ecbe5ed12ab4d8e11ba873c2f11161202b945'; // SHA-256 of "[]"
    expect(guided(7)).toBe(guided(7));
    expect(guided(7)).not.toBe(emptyJournal);
    expect(guided(8)).not.toBe(guided(7));
    expect(actionsOf(42, 300)).toEqual(actionsOf(42, 300));
  });

  it('a failure shrinks to a shorter action list that still fails, and none of it can be dropped', () => {
    // A planted rule that the first completed cycle breaks stands in for a real bug.
    const planted: SimulationOptions = {
      extraInvariant: (state) => (cyclesCompleted(state) > 0 ? ['a cycle completed'] : []),
    };
    const seed = Array.from({ length: 50 }, (_, i) => i + 1).find(
      (s) => simulateOrganization(s, 400, undefined, planted).failure,
    )!;
    const run = simulateOrganization(seed, 400, undefined, planted);
    const failing = actionsOf(seed, run.steps);
    const shortest = shrink(seed, failing, planted);
    expect(shortest.length).toBeLessThan(failing.length / 2);
    expect(simulateOrganization(seed, 0, shortest, planted).failure?.broken).toContain('a cycle completed');
    for (let i = 0; i < shortest.length; i++) {
      const without = shortest.filter((_, j) => j !== i);
      expect(simulateOrganization(seed, 0, without, planted).failure, `action ${i}`).toBeNull();
    }
  });
});
