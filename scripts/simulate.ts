// `npm run simulate -- --orgs N --seed S --steps K`: plays N organizations from seed S through
// random legal and illegal actions, checking the invariants after every step. A failure prints
// the seed and the shortest action list that reproduces it, and exits 1.
import { parseArgs } from 'node:util';
import { actionsOf, shrink, simulateOrganization } from '../packages/domain/src/simulation/simulate';

const { values } = parseArgs({
  options: {
    orgs: { type: 'string', default: '1000' },
    seed: { type: 'string', default: '1' },
    steps: { type: 'string', default: '400' },
  },
});
const orgs = Number(values.orgs);
const first = Number(values.seed);
const steps = Number(values.steps);
if (![orgs, first, steps].every((n) => Number.isSafeInteger(n) && n >= 0)) {
  console.error('usage: npm run simulate -- --orgs N --seed S [--steps K] (non-negative integers)');
  process.exit(2);
}

const started = performance.now();
let cycles = 0;
let total = 0;
for (let seed = first; seed < first + orgs; seed++) {
  const run = simulateOrganization(seed, steps);
  total += run.steps;
  cycles += run.cyclesCompleted;
  if (run.failure) {
    console.error(`seed ${seed} broke at step ${run.failure.step}: ${run.failure.broken.join('; ')}`);
    const shortest = shrink(seed, actionsOf(seed, run.steps));
    console.error(`shortest reproduction (${shortest.length} of ${run.steps} actions), replay with`);
    console.error(`simulateOrganization(${seed}, 0, ${JSON.stringify(shortest)})`);
    console.error(`or: npm run simulate -- --orgs 1 --seed ${seed} --steps ${run.steps}`);
    process.exit(1);
  }
}
const seconds = (performance.now() - started) / 1000;
console.log(`${orgs} organizations, ${total} steps, ${cycles} completed cycles, every invariant held`);
console.log(`${Math.round(total / seconds)} steps/s (${seconds.toFixed(2)} s)`);
