import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from './client';
import { webhookEvents } from './schema';

/** Records a provider's event id; false when it was seen before (a duplicate delivery). */
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

/** Forgets an event whose handling failed, so that the provider's next delivery of it is handled. */
export async function forgetDelivery(db: DbOrTx, provider: string, eventId: string): Promise<void> {
  await db
    .delete(webhookEvents)
    .where(and(eq(webhookEvents.provider, provider), eq(webhookEvents.eventId, eventId)));
}
