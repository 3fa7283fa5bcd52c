import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from './client';
import { webhookEvents } from './schema';

/** Records a provider's event id once it was handled; false when it was recorded before. */
export async function firstDelivery(
  db: DbOrTx,
  provider: string,
  eventId: string,
  type: string,
): Promise<boolean> {
  const inserted = await db
    .insert(webhookEvents)
    .values({ provider, eventId, type })
    .onConflictDoNothing()
    .returning({ eventId: webhookEvents.eventId });
  return inserted.length > 0;
}

/** Whether a provider's event was handled before (its id recorded once it was). */
export async function seenDelivery(db: DbOrTx, provider: string, eventId: string): Promise<boolean> {
  const [row] = await db
    .select({ eventId: webhookEvents.eventId })
    .from(webhookEvents)
    .where(and(eq(webhookEvents.provider, provider), eq(webhookEvents.eventId, eventId)))
    .limit(1);
  return row !== undefined;
}
