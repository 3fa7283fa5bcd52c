/**
 * The domain simulation's speed: steps per second, and how the time grows with the number of
 * organizations (it should be linear: each organization is independent). Figures are ratios
 * to the smallest run of the same invocation. Run: npm run bench:simulation
 */
import { simulateOrganization } from '../packages/domain/src/simulation/simulate';

const STEPS = 400;
const sizes = [250, 500, 1000, 2000];
const rows: { orgs: number; seconds: number; stepsPerSecond: number }[] = [];
// Warm-up long enough for the JIT to settle (about 5 s on this machine): with one organization
// the first size paid for compilation and the ratios looked sub-linear.
const warmUntil = performance.now() + 6000;
for (let seed = 1; performance.now() < warmUntil; seed++) simulateOrganization(seed, STEPS);
/** Best of two runs: the machine is shared, and the faster run is the one less disturbed. */
function timeRun(orgs: number): { seconds: number; steps: number } {
  let best = { seconds: Number.POSITIVE_INFINITY, steps: 0 };
  for (let attempt = 0; attempt < 2; attempt++) {
    const started = performance.now();
    let steps = 0;
    for (let seed = 1; seed <= orgs; seed++) steps += simulateOrganization(seed, STEPS).steps;
    const seconds = (performance.now() - started) / 1000;
    if (seconds < best.seconds) best = { seconds, steps };
  }
  return best;
}
for (const orgs of sizes) {
  const { seconds, steps } = timeRun(orgs);
  rows.push({ orgs, seconds, stepsPerSecond: Math.round(steps / seconds) });
}
const base = rows[0]!;
console.log('| organizations | seconds | steps/s | time ratio | size ratio |\n|---:|---:|---:|---:|---:|');
for (const row of rows) {
  console.log(
    `| ${row.orgs} | ${row.seconds.toFixed(2)} | ${row.stepsPerSecond} | ${(row.seconds / base.seconds).toFixed(2)} | ${(row.orgs / base.orgs).toFixed(0)} |`,
  );
}
