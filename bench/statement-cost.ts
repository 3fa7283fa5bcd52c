/**
 * What a statement costs, apart from what it does (issue 15, the contribution POST): the same
 * contribution-shaped transaction (the fund's lock, two reads, a jsonb update, three inserts)
 * on plain tables, 50 at a time over a pool of 10, run three ways: through Drizzle's query
 * builder (as the use cases run today), through `pg` with the same unnamed statements, and
 * through `pg` with named prepared statements. Transactions a second, and the CPU per
 * transaction of this process and of every PostgreSQL process (from /proc).
 * Run: npm run bench:statements   (options: --transactions 3000 --reps 3)
 */
import { execSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { parseArgs } from 'node:util';
import { eq } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import { bigserial, integer, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { freshPostgres } from './support/database';
import { median, printTable, round, writeResult } from './support/report';

const { values } = parseArgs({
  options: { transactions: { type: 'string', default: '3000' }, reps: { type: 'string', default: '3' } },
});
const TRANSACTIONS = Number(values.transactions);
const REPS = Number(values.reps);
const CONCURRENCY = 50;

const funds = pgTable('f', {
  id: uuid('id').primaryKey(),
  org: uuid('org').notNull(),
  state: jsonb('state').notNull(),
  version: integer('version').notNull(),
});
const keys = pgTable('k', {
  key: text('key').primaryKey(),
  userId: uuid('user_id').notNull(),
  response: jsonb('response'),
});
const events = pgTable('e', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  fundId: uuid('fund_id').notNull(),
  payload: jsonb('payload').notNull(),
});
const outbox = pgTable('o', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  topic: text('topic').notNull(),
  payload: jsonb('payload').notNull(),
});
const members = pgTable('m', {
  id: uuid('id').primaryKey(),
  org: uuid('org').notNull(),
  name: text('name').notNull(),
});

const fresh = await freshPostgres();
const pool = new pg.Pool({ connectionString: fresh.url, max: 10 });
const db = drizzle(pool);
await pool.query(`
  create table f (id uuid primary key, org uuid not null unique, state jsonb not null, version int not null);
  create table k (key text primary key, user_id uuid not null, response jsonb);
  create table e (id bigserial primary key, fund_id uuid not null, payload jsonb not null);
  create table o (id bigserial primary key, topic text not null, payload jsonb not null);
  create table m (id uuid primary key, org uuid not null, name text not null);
  create index on m (org);`);
const organizations = Array.from({ length: 200 }, () => randomUUID());
// About the size of a collecting family's fund state.
const state = {
  members: Array.from({ length: 6 }, (_, i) => ({
    id: randomUUID(),
    paid: i % 2 === 0,
    name: `Member ${i}`,
  })),
  round: 3,
  history: Array.from({ length: 20 }, (_, i) => ({ round: i, at: Date.now() })),
};
for (const org of organizations) {
  await pool.query('insert into f values ($1, $2, $3, 0)', [randomUUID(), org, state]);
  for (let i = 0; i < 6; i++)
    await pool.query('insert into m values ($1, $2, $3)', [randomUUID(), org, `M${i}`]);
}
const user = randomUUID();

type Transaction = (org: string) => Promise<void>;

const throughDrizzle: Transaction = (org) =>
  db.transaction(async (tx) => {
    const [fund] = await tx.select().from(funds).where(eq(funds.org, org)).for('update').limit(1);
    await tx
      .select({ userId: keys.userId, response: keys.response })
      .from(keys)
      .where(eq(keys.key, randomUUID()));
    await tx
      .select({ id: members.id, name: members.name })
      .from(members)
      .where(eq(members.org, org))
      .orderBy(members.id);
    await tx
      .update(funds)
      .set({ state: fund!.state, version: fund!.version + 1 })
      .where(eq(funds.id, fund!.id));
    await tx.insert(events).values({ fundId: fund!.id, payload: { type: 'Paid', at: Date.now() } });
    await tx.insert(outbox).values({ topic: 'fund', payload: { org, at: Date.now() } });
    await tx.insert(keys).values({ key: randomUUID(), userId: user, response: { ok: true } });
  });

const throughPg =
  (named: boolean): Transaction =>
  async (org) => {
    const client = await pool.connect();
    const query = (name: string, text: string, params: unknown[]) =>
      client.query(named ? { name, text, values: params } : { text, values: params });
    try {
      await client.query('begin');
      const fund = (
        await query('lock', 'select id, org, state, version from f where org = $1 limit 1 for update', [org])
      ).rows[0];
      await query('key', 'select user_id, response from k where key = $1', [randomUUID()]);
      await query('members', 'select id, name from m where org = $1 order by id', [org]);
      await query('save', 'update f set state = $1, version = $2 where id = $3', [
        fund.state,
        fund.version + 1,
        fund.id,
      ]);
      await query('event', 'insert into e (fund_id, payload) values ($1, $2)', [
        fund.id,
        { type: 'Paid', at: Date.now() },
      ]);
      await query('outbox', 'insert into o (topic, payload) values ($1, $2)', [
        'fund',
        { org, at: Date.now() },
      ]);
      await query('key_row', 'insert into k (key, user_id, response) values ($1, $2, $3)', [
        randomUUID(),
        user,
        { ok: true },
      ]);
      await client.query('commit');
    } finally {
      client.release();
    }
  };

/** CPU time of every PostgreSQL process, in clock ticks (utime + stime). */
function postgresTicks(): number {
  const out = execSync(
    `for p in $(pgrep -f postgres); do awk '{print $14 + $15}' /proc/$p/stat 2>/dev/null; done`,
  ).toString();
  return out.split('\n').reduce((sum, line) => sum + (Number(line) || 0), 0);
}
const TICK_MS = 1000 / Number(execSync('getconf CLK_TCK').toString());

async function run(transaction: Transaction) {
  let next = 0;
  const ticks = postgresTicks();
  const cpu = process.cpuUsage();
  const started = performance.now();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < TRANSACTIONS) await transaction(organizations[next++ % organizations.length]!);
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  const used = process.cpuUsage(cpu);
  return {
    perSecond: TRANSACTIONS / seconds,
    appMs: (used.user + used.system) / 1000 / TRANSACTIONS,
    postgresMs: ((postgresTicks() - ticks) * TICK_MS) / TRANSACTIONS,
  };
}

const ways: [string, Transaction][] = [
  ['Drizzle, unnamed statements', throughDrizzle],
  ['pg, unnamed statements', throughPg(false)],
  ['pg, named prepared statements', throughPg(true)],
];
try {
  for (const [, transaction] of ways) await run(transaction); // warm-up
  const runs = new Map<string, Awaited<ReturnType<typeof run>>[]>(ways.map(([title]) => [title, []]));
  for (let rep = 0; rep < REPS; rep++)
    for (const [title, transaction] of ways) runs.get(title)!.push(await run(transaction));
  const results = ways.map(([title]) => {
    const measured = runs.get(title)!;
    return {
      way: title,
      perSecond: Math.round(median(measured.map((r) => r.perSecond))),
      appCpuMs: round(median(measured.map((r) => r.appMs))),
      postgresCpuMs: round(median(measured.map((r) => r.postgresMs))),
    };
  });
  console.log(`\n${TRANSACTIONS} transactions a run, ${CONCURRENCY} at a time, pool 10, median of ${REPS}\n`);
  printTable(
    ['way', 'transactions/s', 'application CPU ms', 'PostgreSQL CPU ms'],
    results.map((r) => [r.way, r.perSecond, r.appCpuMs, r.postgresCpuMs]),
  );
  writeResult('statement-cost', {
    transactions: TRANSACTIONS,
    concurrency: CONCURRENCY,
    reps: REPS,
    results,
  });
} finally {
  await pool.end();
  await fresh.drop();
}
