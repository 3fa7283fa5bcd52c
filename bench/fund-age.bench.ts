/**
 * What a fund's age costs each of its commands (ADR 0041). A family is played through ten cycles
 * by the domain (the fund harness: votes, card contributions, payouts); at the last contribution
 * of the first round of cycles 1, 2, 5 and 10 its state is measured three ways: its size; parsing it, deciding a
 * contribution and folding it (what Giro does with a locked state), as a ratio to cycle 1's; and
 * reading it under its row lock from PostgreSQL, stored as `funds` stores it (lz4, rows aimed at
 * 4 KB), as a ratio to the same locked read of a row holding `{}`, alternating in the same run.
 * A state that keeps only what is in play reads the same in cycle 10 as in cycle 1.
 * Run: npm run bench:fund-age   (options: --members 6,12 --reads 400)
 */
import { parseArgs } from 'node:util';
import { decide } from '../packages/domain/src/fund/decide';
import { evolveAll } from '../packages/domain/src/fund/evolve';
import { FundHarness } from '../packages/domain/src/fund/fund-harness.test-support';
import type { FundState } from '../packages/domain/src/fund/fund-types';
import { lockedReads } from './support/locked-read';
import { median, microsEach, printTable, round, writeResult } from './support/report';

const { values } = parseArgs({
  options: { members: { type: 'string', default: '6,12' }, reads: { type: 'string', default: '400' } },
});
const CYCLES = [1, 2, 5, 10];
const READS = Number(values.reads);
const BLOCKS = 7;

/** The family's state at the last contribution of the first round of each cycle in CYCLES. */
function statesOf(size: number): Map<number, { state: FundState; payer: string; ctx: FundHarness['ctx'] }> {
  const members = Array.from(
    { length: size },
    (_, i) => `${String(i).padStart(8, '0')}-0000-4000-8000-000000000000`,
  );
  const h = new FundHarness();
  const states = new Map<number, { state: FundState; payer: string; ctx: FundHarness['ctx'] }>();
  for (let cycle = 1; cycle <= Math.max(...CYCLES); cycle++) {
    h.activeWith(members, 5000, '14d');
    h.openWindow();
    // Everyone of the first round has paid but one: the state that member's payment is decided on.
    const recipient = h.state.round!.recipientId;
    const payers = members.filter((id) => id !== recipient);
    const payer = payers.at(-1)!;
    const contribute = (userId: string) =>
      h.run({ type: 'Contribute', userId, contributionId: `c-${cycle}-${userId}`, method: 'card' });
    for (const userId of payers.slice(0, -1)) contribute(userId);
    if (CYCLES.includes(cycle)) states.set(cycle, { state: h.state, payer, ctx: h.ctx });
    contribute(payer);
    h.distribute();
    while (h.state.phase !== 'completed') {
      h.contributeAll('card');
      h.distribute();
    }
  }
  return states;
}

/** Median µs of parse + decide + fold of one contribution on this state's text. */
function decideMicros(text: string, payer: string, ctx: FundHarness['ctx']): number {
  const run = (n: number) =>
    microsEach(n, (i) => {
      const state = JSON.parse(text) as FundState;
      const events = decide(
        state,
        { type: 'Contribute', userId: payer, contributionId: `x${i}`, method: 'card' },
        ctx,
      );
      if (!Array.isArray(events)) throw events;
      evolveAll(state, events);
    });
  run(2000);
  return median(Array.from({ length: BLOCKS }, () => run(1000)));
}

const { lockedRead, end } = await lockedReads('aged_funds', READS, BLOCKS);

const headers = [
  'members',
  'cycle',
  'state, JSON chars',
  'parse + decide + fold µs',
  'ratio to cycle 1',
  'locked read µs',
  '`{}` row µs',
  'ratio to `{}`',
];
const rows: number[][] = [];
for (const size of values.members.split(',').map(Number)) {
  let base = 0;
  for (const [cycle, { state, payer, ctx }] of statesOf(size)) {
    const text = JSON.stringify(state);
    const micros = decideMicros(text, payer, ctx);
    if (cycle === 1) base = micros;
    const read = await lockedRead(text);
    rows.push([
      size,
      cycle,
      text.length,
      round(micros, 1),
      round(micros / base),
      round(read.micros, 0),
      round(read.floor, 0),
      round(read.micros / read.floor),
    ]);
  }
}
await end();
printTable(headers, rows);
writeResult('fund-age', { headers, rows });
