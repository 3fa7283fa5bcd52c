import type { OffsetClock } from '../clock';
import {
  addToStoredTestClockOffset,
  storedTestClockOffsetMs,
  storeTestClockOffset,
} from '../db/test-clock.repository';
import type { Deps } from '../deps';
import { enqueueBroadcast } from '../realtime/enqueue-realtime';

/**
 * Moves the test clock (domain.md, The clock) forward. Its offset is kept in the database, so a
 * server restarted on the same data lives at the time its data does: the stored offset and the
 * broadcast that tells every socket to shift are one transaction, and the clock itself moves
 * once both are committed.
 */
export async function fastForwardTestClock(deps: Deps, clock: OffsetClock, minutes: number): Promise<void> {
  const deltaMs = minutes * 60_000;
  const after = new Date(clock.now().getTime() + deltaMs);
  await deps.db.transaction(async (tx) => {
    await addToStoredTestClockOffset(tx, deltaMs, after);
    await enqueueBroadcast(tx, { type: 'TIME_FAST_FORWARD', minutes }, after);
  });
  clock.fastForward(minutes);
}

/** Back to real time, stored and broadcast in one transaction as a jump is. */
export async function resetTestClock(deps: Deps, clock: OffsetClock): Promise<void> {
  const realNow = new Date(clock.now().getTime() - clock.offsetMinutes * 60_000);
  await deps.db.transaction(async (tx) => {
    await storeTestClockOffset(tx, 0, realNow);
    await enqueueBroadcast(tx, { type: 'TIME_RESET' }, realNow);
  });
  clock.reset();
}

/** At start-up: the offset the routes last left, if they ever moved the clock on this database. */
export async function restoreTestClock(deps: Deps, clock: OffsetClock): Promise<void> {
  const offsetMs = await storedTestClockOffsetMs(deps.db);
  if (offsetMs !== undefined) clock.restore(offsetMs);
}
