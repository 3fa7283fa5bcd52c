import { eq, sql } from 'drizzle-orm';
import pino from 'pino';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { OffsetClock } from '../src/clock';
import type { Database } from '../src/db/client';
import { dueRowsSql } from '../src/db/outbox.queries';
import { HANDLED_OUTBOX_ROW_DAYS, pruneHandledOutboxRows } from '../src/db/outbox-retention.queries';
import { outbox } from '../src/db/schema';
import { type OutboxRow, OutboxWorker } from '../src/jobs/outbox-worker';
import { openTestDatabase } from './support/test-database';

let database: Database;
const clock = new OffsetClock();
const logger = pino({ level: 'silent' });
beforeEach(async () => {
  database = await openTestDatabase();
});
afterEach(async () => database.close());

/** A worker whose one handler notes each row's number, in the order it handles them. */
function recordingWorker() {
  const seen: number[] = [];
  const handle = async (row: OutboxRow) => void seen.push((row.payload as { i: number }).i);
  return { worker: new OutboxWorker(database.db, clock, { test: handle }, logger), seen };
}

async function enqueue(n: number) {
  for (let i = 0; i < n; i++) {
    await database.db.insert(outbox).values({ topic: 'test', payload: { i }, availableAt: clock.now() });
  }
}

describe('outbox worker', () => {
  it('handles each row once and marks it processed', async () => {
    await enqueue(5);
    const { worker, seen } = recordingWorker();
    expect(await worker.drain()).toBe(5);
    expect(await worker.drain()).toBe(0);
    expect(seen.sort()).toEqual([0, 1, 2, 3, 4]);
  });

  it('handles rows in the order they were written, however the table has stored them', async () => {
    // Rows written in the future, then made due last first: each update stores a new version of
    // its row after the others, so the table's physical order (what a scan and RETURNING follow)
    // is the reverse of the ids'. A payout handled before the holds it captures fails.
    for (let i = 0; i < 3; i++)
      await database.db
        .insert(outbox)
        .values({ topic: 'test', payload: { i }, availableAt: new Date(clock.now().getTime() + 60_000) });
    const ids = (await database.db.select({ id: outbox.id }).from(outbox))
      .map((row) => row.id)
      .sort((a, b) => a - b);
    for (const id of [...ids].reverse())
      await database.db.update(outbox).set({ availableAt: clock.now() }).where(eq(outbox.id, id));
    const { worker, seen } = recordingWorker();
    expect(await worker.drain()).toBe(3);
    expect(seen).toEqual([0, 1, 2]);
  });

  it("handles rows of several topics in the order they were written; a batch topic's rows together, where its first is", async () => {
    // A card hold's timer written before a payout that fell due with it must run first (ADR 0048).
    const seen: string[] = [];
    const one = (topic: string) => async (row: OutboxRow) =>
      void seen.push(`${topic}${(row.payload as { i: number }).i}`);
    const batch = {
      batch: async (rows: OutboxRow[]) =>
        void seen.push(`batch${rows.map((r) => (r.payload as { i: number }).i).join('+')}`),
    };
    const worker = new OutboxWorker(
      database.db,
      clock,
      { payment: one('payment'), timer: one('timer'), realtime: batch },
      logger,
    );
    const topics = ['payment', 'timer', 'realtime', 'payment', 'realtime', 'timer'];
    for (const [i, topic] of topics.entries())
      await database.db.insert(outbox).values({ topic, payload: { i }, availableAt: clock.now() });
    expect(await worker.drain()).toBe(6);
    expect(seen).toEqual(['payment0', 'timer1', 'batch2+4', 'payment3', 'timer5']);
  });

  it('claims due rows without reading the processed ones, however many there are', async () => {
    // Processed rows are kept (the mail tracking page reads them). A burst of rows is written
    // pending and handled before the table's statistics are taken again, so the planner still
    // counts them as pending; claiming in id order then walked the primary key through all of
    // them: thousands of pages for a claim of three rows.
    await database.db.execute(sql`
      insert into outbox (topic, payload, available_at)
      select 'test', jsonb_build_object('i', -g), now() from generate_series(1, 20000) g`);
    await database.db.execute(sql`analyze outbox`);
    await database.db.execute(sql`update outbox set processed_at = now()`);
    await enqueue(3);
    const claim = sql.raw(dueRowsSql(`to_timestamp(${clock.now().getTime()}::float8 / 1000)`));
    const [row] = (await database.db.execute(sql`explain (analyze, buffers, format json) ${claim}`)).rows as {
      'QUERY PLAN': [
        { Plan: { 'Shared Hit Blocks': number; 'Shared Read Blocks': number; 'Actual Rows': number } },
      ];
    }[];
    const plan = row!['QUERY PLAN'][0].Plan;
    expect(plan['Actual Rows']).toBe(3);
    // Not zero: until the next vacuum the pending rows' index still points at the rows handled
    // since (about 360 pages here, once); walking the processed rows read 40,000.
    expect(plan['Shared Hit Blocks'] + plan['Shared Read Blocks']).toBeLessThan(1000);
    const { worker, seen } = recordingWorker();
    expect(await worker.drain()).toBe(3);
    expect(seen).toEqual([0, 1, 2]);
  });

  it('prunes handled rows of the given topics once they are old, and nothing else', async () => {
    const now = clock.now();
    const ago = (days: number) => new Date(now.getTime() - days * 86_400_000);
    const old = ago(HANDLED_OUTBOX_ROW_DAYS + 1);
    const recent = ago(HANDLED_OUTBOX_ROW_DAYS - 1);
    const rows = [
      { name: 'old socket event', topic: 'realtime', processedAt: old },
      { name: 'old push', topic: 'push', processedAt: old },
      { name: 'recent socket event', topic: 'realtime', processedAt: recent },
      { name: 'old mail', topic: 'mail', processedAt: old },
      { name: 'old pending socket event', topic: 'realtime', processedAt: null },
    ];
    for (const { name, topic, processedAt } of rows)
      await database.db
        .insert(outbox)
        .values({ topic, payload: { name }, availableAt: ago(30), processedAt });
    expect(await pruneHandledOutboxRows(database.db, now, ['realtime', 'push'])).toBe(2);
    const left = await database.db.select({ payload: outbox.payload }).from(outbox);
    expect(left.map((row) => (row.payload as { name: string }).name).sort()).toEqual([
      'old mail',
      'old pending socket event',
      'recent socket event',
    ]);
    expect(await pruneHandledOutboxRows(database.db, now, ['realtime', 'push'])).toBe(0);
    // More than one batch: the prune goes on until a batch comes back short.
    await database.db.execute(sql`
      insert into outbox (topic, payload, available_at, processed_at)
      select 'realtime', '{}', ${old}, ${old} from generate_series(1, 5001)`);
    expect(await pruneHandledOutboxRows(database.db, now, ['realtime', 'push'])).toBe(5001);
  });

  it('retries a failed row later, with backoff, keeping the error', async () => {
    await enqueue(1);
    let calls = 0;
    const worker = new OutboxWorker(
      database.db,
      clock,
      {
        test: async () => {
          calls++;
          if (calls === 1) throw new Error('SMTP down');
        },
      },
      logger,
    );
    await worker.drain();
    const [failed] = await database.db.select().from(outbox);
    expect(failed).toMatchObject({ attempts: 1, processedAt: null });
    expect(failed!.lastError).toContain('SMTP down');
    expect(await worker.drain()).toBe(0); // not due yet
    clock.fastForward(1);
    expect(await worker.drain()).toBe(1);
    const [done] = await database.db.select().from(outbox).where(eq(outbox.id, failed!.id));
    expect(done!.processedAt).not.toBeNull();
    expect(calls).toBe(2);
  });

  it('two workers draining at once never handle one row twice', async () => {
    await enqueue(40);
    const handled: number[] = [];
    const handler = async (row: OutboxRow) => {
      handled.push(row.id);
      await new Promise((resolve) => setTimeout(resolve, 1));
    };
    const a = new OutboxWorker(database.db, clock, { test: handler }, logger);
    const b = new OutboxWorker(database.db, clock, { test: handler }, logger);
    await Promise.all([a.drain(), b.drain()]);
    expect(handled).toHaveLength(40);
    expect(new Set(handled).size).toBe(40);
  });
});
