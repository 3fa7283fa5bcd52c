// `npm run test:deep`: the long runs of the bounded suites in `npm test` (issue 17): contract
// fuzzing at 100 mutated cases per route and 1,000 sequences of valid requests, a webhook storm
// of 5,000 events, every crash point (on PGlite, and on PostgreSQL when TEST_DATABASE_URL is
// set), swaps over 100,000 random sequences, and 100,000 seeded organizations in the fund
// simulation. Minutes, not seconds.
import { spawnSync } from 'node:child_process';

const root = new URL('..', import.meta.url).pathname;
const runs = [
  ['packages/server/test/contract-fuzz.test.ts', { FUZZ_RUNS: '100' }],
  ['packages/server/test/contract-fuzz-stateful.test.ts', { FUZZ_STATEFUL_RUNS: '1000' }],
  ['packages/server/test/webhook-storm.test.ts', { WEBHOOK_EVENTS: '5000' }],
  ['packages/server/test/crash-points.test.ts', { CRASH_POINTS: 'all' }],
  ...(process.env.TEST_DATABASE_URL
    ? [['packages/server/test/crash-points.test.ts', { CRASH_POINTS: 'all', TEST_DB: 'postgres' }]]
    : []),
  ['packages/domain/src/fund/swaps.property.test.ts', { SWAP_RUNS: '100000' }],
  ['packages/domain/src/simulation/simulate.test.ts', { SIMULATION_SEEDS: '100000' }],
];
let failed = false;
for (const [file, env] of runs) {
  console.log(`\n=== ${file} ${JSON.stringify(env)} ===`);
  const result = spawnSync(process.execPath, ['node_modules/vitest/vitest.mjs', 'run', file], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, ...env },
  });
  if (result.status !== 0) failed = true;
}
process.exit(failed ? 1 : 0);
