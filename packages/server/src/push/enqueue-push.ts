import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { outbox, pushSubscriptions } from '../db/schema';

/** What a push says and how the push service should treat it (RFC 8030: TTL, Urgency). */
export interface PushMessage {
  title: string;
  body: string;
  /** The page that acts on it: a tap opens it. */
  url: string;
  urgency: 'very-low' | 'low' | 'normal' | 'high';
  /** How long the push service may hold it for an offline browser, in seconds. */
  ttlSeconds: number;
  /** A later notification with the same tag replaces this one on the device (2 h left replaces 24 h). */
  tag?: string;
  /** The text's language, for the device's speech and fonts. */
  lang?: string;
}

export const PUSH_TOPIC = 'push';

/**
 * One outbox row per browser of the member, in the caller's transaction: each is sent (and
 * retried) on its own, so a push service that fails for one browser never repeats another's.
 */
export async function enqueuePush(
  tx: DbOrTx,
  userId: string,
  message: PushMessage,
  now: Date,
): Promise<number> {
  const browsers = await tx
    .select({ id: pushSubscriptions.id })
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.userId, userId));
  if (browsers.length === 0) return 0;
  await tx.insert(outbox).values(
    browsers.map((browser) => ({
      topic: PUSH_TOPIC,
      payload: { subscriptionId: browser.id, userId, message },
      availableAt: now,
      createdAt: now,
    })),
  );
  return browsers.length;
}
