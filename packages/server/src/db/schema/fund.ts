import { sql } from 'drizzle-orm';
import { bigserial, index, integer, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { organizations } from './accounts';
import { createdAt, tz } from './columns';

/** The rotating fund: its state as one row (ADR 0012) and the events its decider produced. */

/**
 * One rotating fund per organization. The decider's state is kept whole (it is small, and the
 * decider is the only thing that changes it); `next_deadline_at` is derived from it on every
 * write so the deadline worker finds what is due with an index. Its pages are filled to 60 % on
 * insert (migration 0025; Drizzle does not declare a table's storage parameters), so that each
 * command's rewrite of the row is a HOT update.
 */
export const funds = pgTable(
  'funds',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: uuid('organization_id')
      .notNull()
      .unique()
      .references(() => organizations.id),
    state: jsonb('state').notNull(),
    version: integer('version').notNull().default(0),
    nextDeadlineAt: tz('next_deadline_at'),
    /** When the next reminder is due (issue 14), derived like the deadline; null when none is. */
    nextReminderAt: tz('next_reminder_at'),
    /** Reminders due up to this moment have been given. */
    remindersThrough: tz('reminders_through'),
    createdAt: createdAt(),
    updatedAt: tz('updated_at').notNull().defaultNow(),
    /**
     * What the admin counters count of the state (phase, strikes, debts; migration 0023), derived
     * by PostgreSQL on every write: the counter trigger compares these few numbers instead of
     * decoding the old and the new state.
     */
    insightFigures: jsonb('insight_figures').generatedAlwaysAs(sql`insight_fund_figures(state)`),
  },
  (t) => [
    index('funds_next_deadline_idx').on(t.nextDeadlineAt).where(sql`next_deadline_at is not null`),
    index('funds_next_reminder_idx').on(t.nextReminderAt).where(sql`next_reminder_at is not null`),
  ],
);

/** Every event the fund's decider produced, in order: the fund's audit trail. */
export const fundEvents = pgTable(
  'fund_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    fundId: uuid('fund_id')
      .notNull()
      .references(() => funds.id),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id),
    type: text('type').notNull(),
    payload: jsonb('payload').notNull(),
    at: tz('at').notNull(),
  },
  (t) => [
    index('fund_events_fund_idx').on(t.fundId, t.id),
    // Admin fund metrics: counts by type, and a fund's next event of a type after a given one.
    index('fund_events_type_fund_idx').on(t.type, t.fundId, t.id),
  ],
);
