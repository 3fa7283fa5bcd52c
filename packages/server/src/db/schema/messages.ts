import { sql } from 'drizzle-orm';
import { bigserial, index, integer, jsonb, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { organizations, users } from './accounts';
import { createdAt, tz } from './columns';

/** What leaves or reaches a member: the outbox, sent mail, admin-edited templates, notifications. */

/**
 * Everything that leaves the process (emails now; provider calls and socket events later) is
 * written here in the same transaction as the change that causes it, and sent by a worker.
 */
export const outbox = pgTable(
  'outbox',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    topic: text('topic').notNull(),
    organizationId: uuid('organization_id'),
    payload: jsonb('payload').notNull(),
    availableAt: tz('available_at').notNull().defaultNow(),
    attempts: integer('attempts').notNull().default(0),
    processedAt: tz('processed_at'),
    lastError: text('last_error'),
    createdAt: createdAt(),
  },
  (t) => [
    index('outbox_pending_idx').on(t.availableAt).where(sql`processed_at is null`),
    // The worker claims pending rows in the order they were written (jobs/outbox-worker.ts).
    // Without an index in that order PostgreSQL walks the primary key through every processed
    // row there ever was, which are kept (the mail tracking page reads them): 12-29 ms a claim
    // over 13,000 of them, a claim after every socket event.
    index('outbox_claim_idx').on(t.id).where(sql`processed_at is null`),
    // The email-tracking page reads each email's delivery attempts by its mail id.
    index('outbox_mail_id_idx').on(sql`(${t.payload}->>'mailId')`).where(sql`topic = 'mail'`),
    // An account's deletion deletes the resets asked for its address (use-cases/delete-account.ts).
    index('outbox_password_reset_email_idx')
      .on(sql`lower(${t.payload}->>'email')`)
      .where(sql`topic = 'password-reset'`),
  ],
);

/** Every email the platform sends, with its delivery state (also the development mailbox). */
export const mailMessages = pgTable(
  'mail_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    toAddress: text('to_address').notNull(),
    template: text('template').notNull(),
    language: text('language').notNull(),
    subject: text('subject').notNull(),
    textBody: text('text_body').notNull(),
    status: text('status').notNull().default('queued'),
    sentAt: tz('sent_at'),
    createdAt: createdAt(),
  },
  (t) => [
    index('mail_messages_created_idx').on(t.createdAt, t.id),
    // Deleting an account erases what was mailed to it (use-cases/delete-account.ts) by this.
    index('mail_messages_to_address_idx').on(t.toAddress),
  ],
);

/** Admin-edited email texts per template and language; the defaults in mail/templates.ts apply otherwise. */
export const emailTemplates = pgTable(
  'email_templates',
  {
    key: text('key').notNull(),
    language: text('language').notNull(),
    subject: text('subject').notNull(),
    body: text('body').notNull(),
    updatedBy: uuid('updated_by'),
    updatedAt: tz('updated_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.key, t.language] })],
);

/** A member's notifications (SPEC §3): type and facts are stored, the text is rendered per language. */
export const notifications = pgTable(
  'notifications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    organizationId: uuid('organization_id').references(() => organizations.id),
    type: text('type').notNull(),
    data: jsonb('data').notNull(),
    readAt: tz('read_at'),
    createdAt: createdAt(),
  },
  (t) => [
    index('notifications_user_idx').on(t.userId, t.createdAt),
    // The unread count of the alerts list and the resync, and marking all read: the member's
    // unread ones only, not every notification they ever had (ADR 0044).
    index('notifications_unread_idx').on(t.userId).where(sql`read_at is null`),
    // A fund's change finds its open calls to act (notifications/open-calls.ts) by these.
    index('notifications_organization_type_idx').on(t.organizationId, t.type),
    // Notifications older than the retention are pruned with the other old rows (jobs/prune-old-rows.ts).
    index('notifications_created_idx').on(t.createdAt),
  ],
);
