import type { OffsetClock } from '../clock';
import { nextRowOfTopicDue } from '../db/outbox.queries';
import {
  addToStoredTestClockOffset,
  storedTestClockOffsetMs,
  storeTestClockOffset,
} from '../db/test-clock.repository';
import type { Deps } from '../deps';
import { HOLD_CAPTURE_TOPIC } from '../payments/hold-capture';
import { enqueueBroadcast } from '../realtime/enqueue-realtime';

/**
 * Moves the test clock (domain.md, The clock) forward. Its offset is kept in the database, so a
 * server restarted on the same data lives at the time its data does: the stored offset and the
 * broadcast that tells every socket to shift are one transaction, and the clock itself moves
 * once both are committed.
 */
export async function fastForwardTestClock(deps: Deps, clock: OffsetClock, minutes: number): Promise<void> {
  const deltaMs = minutes * 60_000;
  const offsetMs = clock.offsetMinutes * 60_000;
  const after = new Date(clock.now().getTime() + deltaMs);
  await deps.db.transaction(async (tx) => {
    await addToStoredTestClockOffset(tx, deltaMs, after);
    await enqueueBroadcast(tx, { type: 'TIME_FAST_FORWARD', minutes }, after);
  });
  // The card holds' timers on the way fire at their time (ADR 0048), as on a clock that ran:
  // at the end of a week's jump a hold would already have expired at the provider. Bounded: a
  // timer that keeps failing (its provider down) comes back after its backoff, again and again.
  for (let stop = 0; stop < 1000; stop++) {
    const due = await nextRowOfTopicDue(deps.db, HOLD_CAPTURE_TOPIC, clock.now(), after);
    if (!due) break;
    clock.fastForward((due.getTime() - clock.now().getTime()) / 60_000);
    await deps.drainOutbox();
  }
  // The offset stored: the time the timers took to send does not shorten the jump.
  clock.restore(offsetMs + deltaMs);
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
