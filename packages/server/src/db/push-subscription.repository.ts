import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from './client';
import { pushSubscriptions } from './schema';

export interface NewPushSubscription {
  endpoint: string;
  p256dh: string;
  auth: string;
  expiresAt: Date | null;
}

/** This browser's subscription is this member's now (a browser shared by two moves to the last). */
export async function savePushSubscription(db: DbOrTx, userId: string, subscription: NewPushSubscription) {
  await db
    .insert(pushSubscriptions)
    .values({ userId, ...subscription })
    .onConflictDoUpdate({ target: pushSubscriptions.endpoint, set: { userId, ...subscription } });
}

/** Only the member's own subscription goes; another member's endpoint is left alone. */
export async function deletePushSubscription(db: DbOrTx, userId: string, endpoint: string): Promise<void> {
  await db
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.userId, userId), eq(pushSubscriptions.endpoint, endpoint)));
}

export async function pushSubscriptionsOf(db: DbOrTx, userId: string) {
  return db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, userId));
}

/** The account is deleted: none of its browsers is written to again. */
export async function deletePushSubscriptionsOf(db: DbOrTx, userId: string): Promise<void> {
  await db.delete(pushSubscriptions).where(eq(pushSubscriptions.userId, userId));
}
