/**
 * The resync query: RESYNC_REQUEST → RESYNC_RESPONSE on /ws for a member of an organization of
 * 12 members whose fund has 3 completed cycles of history (and a 4th in voting): the server's
 * own queryTimeMs and the wall time seen by the socket, as ratios to a bare `select 1` round
 * trip on the same database, alternating, median of the repetitions. The history is made by
 * the real use cases (startFundCycle, runFundCommand: votes, manual contributions, receipts,
 * withdrawals), not measured.
 * Run: npm run bench:resync   (options: --reps 50 --db both|pglite|postgres)
 */
import { randomUUID } from 'node:crypto';
import { parseArgs } from 'node:util';
import type { FundCommand, FundState } from '@giro/domain/fund/fund-types';
import { sql } from 'drizzle-orm';
import WebSocket from 'ws';
import { findFundOfOrganization } from '../packages/server/src/db/fund.repository';
import { findUserById, type UserRow } from '../packages/server/src/db/user.repository';
import { runFundCommand } from '../packages/server/src/use-cases/fund/run-fund-command';
import { startFundCycle } from '../packages/server/src/use-cases/fund/start-fund-cycle';
import { type DatabaseKind, openBenchDatabase } from './support/database';
import { type InProcess, PUBLIC_URL, SESSION_SECRET, startInProcess } from './support/in-process';
import { median, printTable, round, writeResult } from './support/report';
import { seedOrganizations } from './support/seed';

const { values } = parseArgs({
  options: { reps: { type: 'string', default: '50' }, db: { type: 'string', default: 'both' } },
});
const REPS = Number(values.reps);
const WARMUP = 10;
const MEMBERS = 12;
const CYCLES = 3;
const DAY_MINUTES = 24 * 60;

/** Plays whole cycles through the use cases: everyone votes and accepts, then 12 rounds paid by hand. */
async function playCycles(server: InProcess, users: UserRow[], organizationId: string): Promise<FundState> {
  const deps = server.deps;
  const fund = async () => (await findFundOfOrganization(deps.db, organizationId))!;
  const run = async (user: UserRow, command: FundCommand) =>
    runFundCommand(deps, user, (await fund()).id, command, {});
  for (let cycle = 0; cycle < CYCLES; cycle++) {
    await startFundCycle(deps, users[cycle % MEMBERS]!);
    for (const u of users) await run(u, { type: 'VoteAmount', userId: u.id, amountCents: 5000 });
    for (const u of users) await run(u, { type: 'VoteConfirmation', userId: u.id, accept: true });
    for (const u of users) await run(u, { type: 'VoteWithdrawalDate', userId: u.id, option: '14d' });
    for (let round = 1; round <= MEMBERS; round++) {
      server.clock.fastForward(7 * DAY_MINUTES + 1); // into the contribution window
      await deps.drainDeadlines();
      const recipientId = (await fund()).state.round!.recipientId;
      const recipient = users.find((u) => u.id === recipientId)!;
      const contributions: string[] = [];
      for (const u of users) {
        if (u === recipient) continue;
        const contributionId = randomUUID();
        contributions.push(contributionId);
        await run(u, { type: 'Contribute', userId: u.id, contributionId, method: 'manual' });
      }
      for (const contributionId of contributions)
        await run(recipient, { type: 'ConfirmReceipt', userId: recipient.id, contributionId });
      await run(recipient, { type: 'Withdraw', userId: recipient.id });
    }
  }
  await startFundCycle(deps, users[0]!);
  return (await fund()).state;
}

async function bench(kind: DatabaseKind) {
  const database = await openBenchDatabase(kind);
  const server = await startInProcess(database, { listen: true });
  try {
    const [organization] = await seedOrganizations(database.db, SESSION_SECRET, {
      organizations: 1,
      members: MEMBERS,
    });
    const users = await Promise.all(
      organization!.members.map(async (m) => (await findUserById(database.db, m.id))!),
    );
    const seeding = performance.now();
    const state = await playCycles(server, users, organization!.id);
    if (state.completedCycles !== CYCLES)
      throw new Error(`expected ${CYCLES} cycles of history, got ${state.completedCycles}`);
    console.log(
      `${kind}: ${CYCLES} cycles of ${MEMBERS} members played in ${Math.round(performance.now() - seeding)} ms`,
    );

    const ws = new WebSocket(server.wsUrl, {
      headers: { cookie: organization!.members[1]!.cookie },
      origin: PUBLIC_URL,
    });
    const replies: ((data: { type: string; queryTimeMs?: number; size: number }) => void)[] = [];
    ws.on('message', (data) => {
      const text = String(data);
      replies.shift()?.({ ...(JSON.parse(text) as { type: string }), size: text.length });
    });
    await new Promise((resolve, reject) => {
      ws.once('open', resolve);
      ws.once('error', reject);
    });
    const ask = (message: object) =>
      new Promise<{ type: string; queryTimeMs?: number; size: number }>((resolve) => {
        replies.push(resolve);
        ws.send(JSON.stringify(message));
      });
    if ((await ask({ type: 'AUTHENTICATE' })).type !== 'AUTHENTICATED') throw new Error('not authenticated');

    const queryMs: number[] = [];
    const wallMs: number[] = [];
    const floorMs: number[] = [];
    let size = 0;
    for (let rep = 0; rep < WARMUP + REPS; rep++) {
      const t0 = performance.now();
      await database.db.execute(sql`select 1`);
      const t1 = performance.now();
      const answer = await ask({ type: 'RESYNC_REQUEST', requestId: `r${rep}`, timestamp: Date.now() });
      const t2 = performance.now();
      if (answer.type !== 'RESYNC_RESPONSE') throw new Error(`answered ${answer.type}`);
      size = answer.size;
      if (rep < WARMUP) continue;
      floorMs.push(t1 - t0);
      wallMs.push(t2 - t1);
      queryMs.push(answer.queryTimeMs!);
    }
    ws.close();
    const floor = median(floorMs);
    return {
      db: kind,
      floorMs: round(floor, 3),
      queryTimeMs: round(median(queryMs), 2),
      wallMs: round(median(wallMs), 2),
      queryRatio: round(median(queryMs) / floor, 1),
      wallRatio: round(median(wallMs) / floor, 1),
      responseBytes: size,
    };
  } finally {
    await server.close();
    await database.close();
  }
}

const kinds: DatabaseKind[] = values.db === 'both' ? ['pglite', 'postgres'] : [values.db as DatabaseKind];
const rows = [];
for (const kind of kinds) rows.push(await bench(kind));
console.log(
  `\n${MEMBERS} members, ${CYCLES} completed cycles, median of ${REPS} resyncs each, alternating with the floor\n`,
);
printTable(
  [
    'database',
    '`select 1` ms (floor)',
    'queryTimeMs',
    'wall ms',
    'queryTimeMs ratio',
    'wall ratio',
    'response bytes',
  ],
  rows.map((r) => [r.db, r.floorMs, r.queryTimeMs, r.wallMs, r.queryRatio, r.wallRatio, r.responseBytes]),
);
writeResult('resync', { members: MEMBERS, cycles: CYCLES, reps: REPS, rows });
