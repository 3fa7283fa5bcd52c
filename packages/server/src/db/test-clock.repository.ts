import { sql } from 'drizzle-orm';
import type { DbOrTx } from './client';
import { testClock } from './schema';

/** The offset the test-clock routes last left, in milliseconds; undefined if they never ran here. */
export async function storedTestClockOffsetMs(db: DbOrTx): Promise<number | undefined> {
  const [row] = await db.select({ offsetMs: testClock.offsetMs }).from(testClock).limit(1);
  return row?.offsetMs;
}

/**
 * Adds to the stored offset. An increment in the row rather than the clock's value: concurrent
 * jumps add up whichever commits first, as they do on the clock itself.
 */
export async function addToStoredTestClockOffset(tx: DbOrTx, deltaMs: number, now: Date): Promise<void> {
  await tx
    .insert(testClock)
    .values({ id: true, offsetMs: deltaMs, updatedAt: now })
    .onConflictDoUpdate({
      target: testClock.id,
      set: { offsetMs: sql`${testClock.offsetMs} + ${deltaMs}`, updatedAt: now },
    });
}

export async function storeTestClockOffset(tx: DbOrTx, offsetMs: number, now: Date): Promise<void> {
  await tx
    .insert(testClock)
    .values({ id: true, offsetMs, updatedAt: now })
    .onConflictDoUpdate({ target: testClock.id, set: { offsetMs, updatedAt: now } });
}
