import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  date,
  doublePrecision,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  uuid,
} from 'drizzle-orm/pg-core';
import { tz } from './columns';

/** What the admin pages read: the API request log, the insight counters, and the test clock's offset. */

/**
 * Every API request, recorded in memory and written in batches (monitoring/); bounded by count
 * and age by a periodic prune. Route templates only, never a URL: no tokens or personal data
 * beyond the user id.
 */
export const apiRequests = pgTable(
  'api_requests',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    at: tz('at').notNull(),
    method: text('method').notNull(),
    route: text('route').notNull(),
    status: integer('status').notNull(),
    durationMs: doublePrecision('duration_ms').notNull(),
    userId: uuid('user_id'),
    requestId: text('request_id').notNull(),
  },
  (t) => [
    index('api_requests_at_idx').on(t.at, t.id),
    index('api_requests_route_at_idx').on(t.route, t.at),
    index('api_requests_user_at_idx').on(t.userId, t.at).where(sql`user_id is not null`),
  ],
);

/**
 * Counters behind the admin insight pages (ADR 0017), so that they read a few hundred rows
 * instead of whole tables. Triggers on the counted tables append one row per (name, label, day)
 * changed by each statement to `insight_counter_deltas`, in the writer's transaction: the
 * figures are exact at every commit, and writers never wait on each other for a shared row. A
 * job folds the deltas into `insight_counters`; a figure is the sum over both tables.
 * `day` is the UTC day the counted row belongs to (created, booked or happened).
 */
export const insightCounters = pgTable(
  'insight_counters',
  {
    name: text('name').notNull(),
    label: text('label').notNull().default(''),
    day: date('day').notNull(),
    value: bigint('value', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.name, t.label, t.day] })],
);

/** Not indexed: the job keeps it to the last minute's writes, and readers scan it whole. */
export const insightCounterDeltas = pgTable('insight_counter_deltas', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  name: text('name').notNull(),
  label: text('label').notNull().default(''),
  day: date('day').notNull(),
  value: bigint('value', { mode: 'number' }).notNull(),
});

/**
 * The test clock's offset (TEST_CLOCK=1 only), so a server restarted on the same data comes back
 * to the time its data lives in rather than to real time. One row: its key can only be true.
 */
export const testClock = pgTable(
  'test_clock',
  {
    id: boolean('id').primaryKey().default(true),
    /** What the test-clock routes moved the clock by, in milliseconds (0 after a reset). */
    offsetMs: bigint('offset_ms', { mode: 'number' }).notNull(),
    updatedAt: tz('updated_at').notNull(),
  },
  (t) => [check('test_clock_one_row', sql`${t.id}`)],
);
