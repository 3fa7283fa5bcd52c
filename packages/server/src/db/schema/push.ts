import { index, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { users } from './accounts';
import { createdAt, tz } from './columns';

/** Web Push: a member's browsers that said yes to notifications (issue 14). */

/**
 * One row per browser subscription. The endpoint is the push service's address for that
 * browser and is unique: a browser used by another member next moves to them.
 */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    endpoint: text('endpoint').notNull().unique(),
    /** The browser's keys for the payload's encryption (RFC 8291), base64url. */
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    createdAt: createdAt(),
    /** The push service's expiry for it, when it has one. */
    expiresAt: tz('expires_at'),
  },
  (t) => [index('push_subscriptions_user_idx').on(t.userId)],
);
