import { sql } from 'drizzle-orm';
import { boolean, integer, jsonb, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { users } from './accounts';
import { createdAt } from './columns';

/** How a member hears of what needs them (issue 14): preferences, reminders sent, the calendar. */

/**
 * A member's choices. `types` holds only what they changed from the defaults
 * (contract: defaultChannels), so a new notification type gets its default for everyone.
 */
export const notificationPreferences = pgTable('notification_preferences', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  types: jsonb('types').notNull().default(sql`'{}'::jsonb`),
  /** Quiet hours as minutes after midnight in `time_zone`; both null when there are none. */
  quietFrom: integer('quiet_from'),
  quietTo: integer('quiet_to'),
  timeZone: text('time_zone').notNull().default('Europe/Rome'),
  weeklySummary: boolean('weekly_summary').notNull().default(false),
  /** Bumped by rotating the calendar address: the old address's signature no longer matches. */
  calendarGeneration: integer('calendar_generation').notNull().default(0),
});

/**
 * One row per reminder given: (member, occasion, subject) where the subject names the round or
 * vote. Inserted with ON CONFLICT DO NOTHING in the transaction that sends the reminder, so a
 * restart, a retry or a second instance never gives the same reminder twice.
 */
export const sentReminders = pgTable(
  'sent_reminders',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    occasion: text('occasion').notNull(),
    subject: text('subject').notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.occasion, t.subject] })],
);
