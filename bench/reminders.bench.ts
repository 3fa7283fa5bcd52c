/**
 * Reminders for N members due at once (issue 14), N = 2,500, 5,000 and 10,000 payers: the
 * deadline worker (DeadlineWorker.drain, as the server runs it) giving "the contribution window
 * is open" to every payer of N / 4 funds whose window opened at the same moment. Each fund has
 * 5 members (4 payers and the round's recipient); each payer has one browser subscribed to push
 * and the default preferences (in the app, push, email), so every reminder writes its key, an
 * in-app notification, a push outbox row and an email with its outbox row. The pushes and
 * emails are not sent (the outbox worker is off): what is measured is making them due, exactly
 * once. Floor: the same rows written by the least code that could write them (see `floor`), on
 * the same database, just before.
 * Database load: rows written per reminder (counted) and transactions (one per 50 funds).
 * Run: npm run bench:reminders   (options: --reps 3 --sizes 2500,5000,10000 --db both|pglite|postgres)
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { parseArgs } from 'node:util';
import { decide } from '@giro/domain/fund/decide';
import { emptyFund, evolve } from '@giro/domain/fund/evolve';
import type { FundCommand, FundContext, FundState } from '@giro/domain/fund/fund-types';
import { sql } from 'drizzle-orm';
import type { Database } from '../packages/server/src/db/client';
import { funds, pushSubscriptions } from '../packages/server/src/db/schema';
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
const MEMBERS = 5;
const PAYERS = MEMBERS - 1;
const FUNDS_PER_BATCH = 50;
const INSERT_BATCH = 1000;

function apply(state: FundState, command: FundCommand, ctx: FundContext): FundState {
  const events = decide(state, command, ctx);
  if (!Array.isArray(events)) throw events;
  return events.reduce(evolve, state);
}

/** An active fund in its first round, 14 days long: the window opens in 7 days. */
function activeFund(voters: string[], ctx: FundContext): FundState {
  let state = apply(
    emptyFund(randomUUID()),
    { type: 'OpenVoting', members: voters, nonce: randomBytes(32).toString('hex') },
    ctx,
  );
  for (const userId of voters) state = apply(state, { type: 'VoteAmount', userId, amountCents: 5000 }, ctx);
  for (const userId of voters) state = apply(state, { type: 'VoteConfirmation', userId, accept: true }, ctx);
  for (const userId of voters)
    state = apply(state, { type: 'VoteWithdrawalDate', userId, option: '14d' }, ctx);
  if (state.round?.state !== 'collecting') throw new Error(`seeded fund in ${state.phase}`);
  return state;
}

/** `payers / 4` funds whose windows all open at the same moment; the clock is moved past it. */
async function seedDueReminders(server: InProcess, database: Database, payers: number): Promise<void> {
  const organizations = await seedOrganizations(database.db, SESSION_SECRET, {
    organizations: payers / PAYERS,
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
  const rows = organizations.map((o) => {
    const state = activeFund(
      o.members.map((m) => m.id),
      ctx,
    );
    return {
      id: state.fundId,
      organizationId: o.id,
      state,
      version: 16,
      nextReminderAt: new Date(state.round!.windowOpensAt),
      createdAt: now,
      updatedAt: now,
    };
  });
  for (let i = 0; i < rows.length; i += INSERT_BATCH)
    await database.db.insert(funds).values(rows.slice(i, i + INSERT_BATCH));
  const browsers = organizations.flatMap((o) =>
    o.members.map((m) => ({
      userId: m.id,
      endpoint: `https://fcm.googleapis.com/fcm/send/${randomUUID()}`,
      p256dh: randomBytes(65).toString('base64url'),
      auth: randomBytes(16).toString('base64url'),
    })),
  );
  for (let i = 0; i < browsers.length; i += INSERT_BATCH)
    await database.db.insert(pushSubscriptions).values(browsers.slice(i, i + INSERT_BATCH));
  server.clock.fastForward(7 * 24 * 60 + 1);
}

/**
 * The rows the reminders write, by the least code that could write them from here: per batch
 * of 50 funds, one transaction with one multi-row INSERT per kind of row (a key, a notification,
 * a push, an email, its outbox row), each row as big as the real one.
 */
async function floor(database: Database, payers: number): Promise<number> {
  await database.db.execute(sql`drop table if exists bench_floor`);
  await database.db.execute(sql`create table bench_floor (id bigserial primary key, kind int, body jsonb)`);
  const body = {
    subscriptionId: randomUUID(),
    message: {
      title: 'Time to contribute',
      body: 'x'.repeat(120),
      url: '/',
      urgency: 'normal',
      ttlSeconds: 86400,
    },
  };
  const perBatch = FUNDS_PER_BATCH * PAYERS;
  const started = performance.now();
  for (let done = 0; done < payers; done += perBatch) {
    const n = Math.min(perBatch, payers - done);
    await database.db.transaction(async (tx) => {
      for (let kind = 0; kind < 5; kind++)
        await tx.execute(
          sql`insert into bench_floor (kind, body) values ${sql.join(
            Array.from({ length: n }, () => sql`(${kind}, ${JSON.stringify(body)}::jsonb)`),
            sql`, `,
          )}`,
        );
    });
  }
  return (performance.now() - started) / 1000;
}

async function count(database: Database, table: string): Promise<number> {
  const result = await database.db.execute(sql.raw(`select count(*)::int as n from ${table}`));
  const rows = 'rows' in result ? (result.rows as { n: number }[]) : (result as unknown as { n: number }[]);
  return rows[0]!.n;
}

async function bench(kind: DatabaseKind) {
  const database = await openBenchDatabase(kind);
  const server = await startInProcess(database);
  const samples: { size: number; floorS: number; workerS: number; rowsPerReminder: number }[] = [];
  try {
    for (let rep = 0; rep < REPS; rep++)
      for (const size of SIZES) {
        // Funds reminded before are done; only the new ones are due.
        await database.db.execute(sql`update funds set next_reminder_at = null`);
        await seedDueReminders(server, database, size);
        const before = await Promise.all(
          ['sent_reminders', 'notifications', 'outbox', 'mail_messages'].map((t) => count(database, t)),
        );
        const floorS = await floor(database, size);
        const started = performance.now();
        await server.deadlines.drain();
        const workerS = (performance.now() - started) / 1000;
        const after = await Promise.all(
          ['sent_reminders', 'notifications', 'outbox', 'mail_messages'].map((t) => count(database, t)),
        );
        const [keys, notes, outboxRows, mails] = after.map((n, i) => n - before[i]!) as [
          number,
          number,
          number,
          number,
        ];
        // Each payer once: a key, an in-app notification, a push and an email (two outbox rows);
        // the socket's outbox rows come on top.
        if (keys !== size || notes !== size || mails !== size || outboxRows < 2 * size)
          throw new Error(
            `reminders for ${size}: ${keys} keys, ${notes} notes, ${outboxRows} outbox, ${mails} mails`,
          );
        // Once: a second drain gives nothing more.
        await database.db.execute(
          sql`update funds set next_reminder_at = now() - interval '1 day', reminders_through = null`,
        );
        await server.deadlines.drain();
        if ((await count(database, 'sent_reminders')) !== after[0])
          throw new Error('a reminder was given twice');
        await database.db.execute(sql`update funds set next_reminder_at = null`);
        console.log(
          `${kind} run ${rep + 1}: ${size} reminders in ${workerS.toFixed(2)} s (floor ${floorS.toFixed(2)} s)`,
        );
        samples.push({ size, floorS, workerS, rowsPerReminder: (keys + notes + outboxRows + mails) / size });
      }
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
      perReminderMs: round((workerS * 1000) / size, 3),
      rowsPerReminder: round(of[0]!.rowsPerReminder, 2),
      transactions: Math.ceil(size / PAYERS / FUNDS_PER_BATCH),
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
    'members reminded',
    'floor s',
    'worker s',
    'ms per reminder',
    'rows per reminder',
    'transactions',
    'ratio to floor',
    'time ratio',
    'size ratio',
  ],
  rows.map((r) => [
    r.db,
    r.size,
    r.floorS,
    r.workerS,
    r.perReminderMs,
    r.rowsPerReminder,
    r.transactions,
    r.ratio,
    r.timeRatio,
    r.sizeRatio,
  ]),
);
writeResult('reminders', { reps: REPS, sizes: SIZES, members: MEMBERS, rows });
