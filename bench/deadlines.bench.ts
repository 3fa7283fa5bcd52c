/**
 * The deadline worker (DeadlineWorker.drain, as the server runs it) processing N due deadlines,
 * N = 2,500, 5,000 and 10,000, as a ratio to a floor of N minimal transactions of the same
 * shape (a single-row `select … for update` and an `update`) on the same database, measured
 * just before. Each fund belongs to an organization of 3 members and is in amount voting with
 * 2 of 3 votes; its voting deadline has passed, so the worker closes voting by timeout
 * (decider, new state, events, notifications, socket outbox row) for every fund. The funds are
 * seeded straight into the database with states built by the domain (emptyFund + decide/evolve).
 * Run: npm run bench:deadlines   (options: --reps 3 --sizes 2500,5000,10000 --db both|pglite|postgres)
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { parseArgs } from 'node:util';
import { nextDeadline } from '@giro/domain/fund/deadlines';
import { decide } from '@giro/domain/fund/decide';
import { emptyFund, evolve } from '@giro/domain/fund/evolve';
import type { FundCommand, FundContext, FundState } from '@giro/domain/fund/fund-types';
import { sql } from 'drizzle-orm';
import type { Database } from '../packages/server/src/db/client';
import { funds } from '../packages/server/src/db/schema';
import { type DatabaseKind, openBenchDatabase } from './support/database';
import { type InProcess, SESSION_SECRET, startInProcess } from './support/in-process';
import { median, printTable, round, writeResult } from './support/report';
import { seedOrganizations } from './support/seed';

const { values } = parseArgs({
  options: {
    reps: { type: 'string', default: '3' },
    sizes: { type: 'string', default: '2500,5000,10000' },
    db: { type: 'string', default: 'both' },
  },
});
const REPS = Number(values.reps);
const SIZES = values.sizes.split(',').map(Number);
const MEMBERS = 3;
const BATCH = 500;

function apply(state: FundState, command: FundCommand, ctx: FundContext): FundState {
  const events = decide(state, command, ctx);
  if (!Array.isArray(events)) throw events;
  return events.reduce(evolve, state);
}

/** `count` organizations whose fund's voting deadline has just passed (the clock is moved past it). */
async function seedDueFunds(server: InProcess, database: Database, count: number): Promise<void> {
  const organizations = await seedOrganizations(database.db, SESSION_SECRET, {
    organizations: count,
    members: MEMBERS,
    sessions: false,
  });
  const now = server.clock.now();
  const ctx: FundContext = {
    now: now.getTime(),
    testClock: true,
    hasPayoutAccount: () => false,
    newId: randomUUID,
  };
  let latest = 0;
  const rows = organizations.map((o) => {
    const voters = o.members.map((m) => m.id);
    let state = apply(
      emptyFund(randomUUID()),
      { type: 'OpenVoting', members: voters, nonce: randomBytes(32).toString('hex') },
      ctx,
    );
    for (const userId of voters.slice(0, 2))
      state = apply(state, { type: 'VoteAmount', userId, amountCents: 5000 }, ctx);
    const due = nextDeadline(state, ctx)!;
    latest = Math.max(latest, due);
    return {
      id: state.fundId,
      organizationId: o.id,
      state,
      version: 3,
      nextDeadlineAt: new Date(due),
      createdAt: now,
      updatedAt: now,
    };
  });
  for (let i = 0; i < rows.length; i += BATCH)
    await database.db.insert(funds).values(rows.slice(i, i + BATCH));
  server.clock.fastForward(Math.ceil((latest - now.getTime()) / 60_000) + 1);
}

/** N transactions: lock one row, update it: the least a deadline can cost. */
async function floor(database: Database, count: number): Promise<number> {
  await database.db.execute(sql`drop table if exists bench_floor`);
  await database.db.execute(sql`create table bench_floor (id integer primary key, n integer not null)`);
  await database.db.execute(sql`insert into bench_floor select i, 0 from generate_series(1, ${count}) i`);
  const started = performance.now();
  for (let id = 1; id <= count; id++)
    await database.db.transaction(async (tx) => {
      await tx.execute(sql`select n from bench_floor where id = ${id} for update`);
      await tx.execute(sql`update bench_floor set n = n + 1 where id = ${id}`);
    });
  return (performance.now() - started) / 1000;
}

async function bench(kind: DatabaseKind) {
  const database = await openBenchDatabase(kind);
  const server = await startInProcess(database);
  const samples: { size: number; floorS: number; workerS: number }[] = [];
  try {
    for (let rep = 0; rep < REPS; rep++)
      for (const size of SIZES) {
        // Funds handled before now wait for their next phase; only the new ones are due.
        await database.db.execute(sql`update funds set next_deadline_at = null`);
        await seedDueFunds(server, database, size);
        const floorS = await floor(database, size);
        const started = performance.now();
        const handled = await server.deadlines.drain();
        const workerS = (performance.now() - started) / 1000;
        if (handled !== size) throw new Error(`the worker handled ${handled} of ${size} due deadlines`);
        console.log(
          `${kind} run ${rep + 1}: ${size} deadlines in ${workerS.toFixed(2)} s (floor ${floorS.toFixed(2)} s)`,
        );
        samples.push({ size, floorS, workerS });
      }
    const [state] = await database.db
      .execute(sql`select state->>'phase' as phase from funds limit 1`)
      .then((r) => ('rows' in r ? (r.rows as { phase: string }[]) : (r as unknown as { phase: string }[])));
    if (state?.phase !== 'confirmation')
      throw new Error(`a handled fund is in ${state?.phase}, not confirmation`);
  } finally {
    await server.close();
    await database.close();
  }
  const smallest = median(samples.filter((s) => s.size === SIZES[0]).map((s) => s.workerS));
  return SIZES.map((size) => {
    const of = samples.filter((s) => s.size === size);
    const workerS = median(of.map((s) => s.workerS));
    const floorS = median(of.map((s) => s.floorS));
    return {
      db: kind,
      size,
      floorS: round(floorS),
      workerS: round(workerS),
      perDeadlineMs: round((workerS * 1000) / size, 2),
      ratio: round(workerS / floorS, 1),
      timeRatio: round(workerS / smallest),
      sizeRatio: size / SIZES[0]!,
    };
  });
}

const kinds: DatabaseKind[] = values.db === 'both' ? ['pglite', 'postgres'] : [values.db as DatabaseKind];
const rows = [];
for (const kind of kinds) rows.push(...(await bench(kind)));
console.log(`\nmedian of ${REPS} runs per size; time and size ratios relative to ${SIZES[0]}\n`);
printTable(
  [
    'database',
    'due deadlines',
    'floor s',
    'worker s',
    'ms per deadline',
    'ratio to floor',
    'time ratio',
    'size ratio',
  ],
  rows.map((r) => [r.db, r.size, r.floorS, r.workerS, r.perDeadlineMs, r.ratio, r.timeRatio, r.sizeRatio]),
);
writeResult('deadlines', { reps: REPS, sizes: SIZES, members: MEMBERS, rows });
