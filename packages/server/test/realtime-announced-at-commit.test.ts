import { eq, inArray } from 'drizzle-orm';
import pino from 'pino';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { OffsetClock } from '../src/clock';
import type { Database } from '../src/db/client';
import { organizations, outbox } from '../src/db/schema';
import { OutboxWorker } from '../src/jobs/outbox-worker';
import { enqueueMembershipChange, enqueueRealtime } from '../src/realtime/enqueue-realtime';
import { EVENTS_CHANNEL, notifyHandler } from '../src/realtime/notify.handler';
import type { WireEvent } from '../src/realtime/wire-events';
import { openTestDatabase } from './support/test-database';

/**
 * Socket events' rows are announced by the transaction that writes them (ADR 0038): the NOTIFY
 * of each row's id comes with its commit, never with a rollback, and the outbox worker has
 * nothing left to do for them.
 */
let database: Database;
let heard: number[];
let stopListening: () => Promise<void>;
const clock = new OffsetClock();
const event = { type: 'FUND_UPDATED' } as unknown as WireEvent;

beforeEach(async () => {
  database = await openTestDatabase();
  heard = [];
  stopListening = await database.listen(EVENTS_CHANNEL, (payload) => heard.push(Number(payload)));
});
afterEach(async () => {
  await stopListening();
  await database.close();
});

async function organization(): Promise<string> {
  const [row] = await database.db
    .insert(organizations)
    .values({ name: 'Rossi', type: 'family', inviteCode: crypto.randomUUID() })
    .returning({ id: organizations.id });
  return row!.id;
}

/** Waits (bounded) until `id` is heard: PostgreSQL delivers a little after the commit returns. */
async function hear(id: number): Promise<void> {
  for (let i = 0; i < 200 && !heard.includes(id); i++) await new Promise((r) => setTimeout(r, 10));
  expect(heard).toContain(id);
}

/** The outbox worker with the realtime handler the app gives it. */
const realtimeWorker = () =>
  new OutboxWorker(database.db, clock, { realtime: notifyHandler(database.db) }, pino({ level: 'silent' }));

const realtimeRows = () =>
  database.db
    .select({ id: outbox.id, processedAt: outbox.processedAt, payload: outbox.payload })
    .from(outbox)
    .where(eq(outbox.topic, 'realtime'))
    .orderBy(outbox.id);

describe('socket events announced at their commit', () => {
  it('are heard once committed, written handled, and leave the outbox worker nothing', async () => {
    const organizationId = await organization();
    await database.db.transaction(async (tx) => {
      await enqueueRealtime(tx, organizationId, [event, event], clock.now());
      await enqueueMembershipChange(tx, crypto.randomUUID(), organizationId, clock.now());
    });
    const rows = await realtimeRows();
    expect(rows).toHaveLength(2);
    for (const row of rows) expect(row.processedAt).not.toBeNull();
    await hear(rows[1]!.id);
    // In the order written: the events, then the membership move.
    expect(heard).toEqual(rows.map((row) => row.id));
    const [org] = await database.db
      .select({ seq: organizations.eventSeq })
      .from(organizations)
      .where(eq(organizations.id, organizationId));
    expect(org!.seq).toBe(2);
    const worker = realtimeWorker();
    expect(await worker.drain()).toBe(0);
    expect(heard).toEqual(rows.map((row) => row.id));
  });

  it('are neither written nor heard when their transaction rolls back', async () => {
    const organizationId = await organization();
    await expect(
      database.db.transaction(async (tx) => {
        await enqueueRealtime(tx, organizationId, [event], clock.now());
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    // A committed write after it: once its row is heard, anything the rollback sent would have been.
    await database.db.transaction(async (tx) => enqueueRealtime(tx, organizationId, [event], clock.now()));
    const rows = await realtimeRows();
    expect(rows).toHaveLength(1);
    await hear(rows[0]!.id);
    expect(heard).toEqual([rows[0]!.id]);
    // The sequence the rolled-back events took is not taken: the committed event is number 1.
    expect(rows[0]!.payload).toMatchObject({ events: [{ seq: 1, familyId: organizationId }] });
  });

  it('left pending by an earlier release are still announced by the outbox worker', async () => {
    const organizationId = await organization();
    const [row] = await database.db
      .insert(outbox)
      .values({ topic: 'realtime', organizationId, payload: { events: [] }, availableAt: clock.now() })
      .returning({ id: outbox.id });
    const worker = realtimeWorker();
    expect(await worker.drain()).toBe(1);
    await hear(row!.id);
    const [after] = await database.db
      .select({ processedAt: outbox.processedAt })
      .from(outbox)
      .where(inArray(outbox.id, [row!.id]));
    expect(after!.processedAt).not.toBeNull();
  });
});
