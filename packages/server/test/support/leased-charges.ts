import { sql } from 'drizzle-orm';
import { outbox, paymentOperations } from '../../src/db/schema';
import type { TestApp } from './test-app';

/**
 * The charges' outbox rows as another instance leaves them when it has claimed them (its lease
 * runs a minute) and not finished: not due for a minute. Returns that instance finishing its
 * claim: the rows due now.
 */
export async function chargesClaimedElsewhere(t: TestApp): Promise<() => Promise<void>> {
  const chargeRows = sql`${outbox.topic} = 'payment' and ${outbox.payload}->>'operationId' in
    (select ${paymentOperations.id}::text from ${paymentOperations} where ${paymentOperations.kind} = 'charge')`;
  const dueAt = (at: Date) => t.database.db.update(outbox).set({ availableAt: at }).where(chargeRows);
  await dueAt(new Date(t.clock.now().getTime() + 60_000));
  return async () => {
    await dueAt(t.clock.now());
  };
}
