import { sql } from 'drizzle-orm';
import { bigserial, index, integer, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { organizations } from './accounts';
import { createdAt, tz } from './columns';

/** Funding requests: their state per organization and the events their decider produced. */

/**
 * An organization's funding requests: the domain's RequestsState, one row per organization
 * (ADR 0012, as for funds), since the queue and the single active request are rules across
 * all of them. next_deadline_at is the active request's expiry, for the deadline worker.
 */
export const requestStates = pgTable(
  'request_states',
  {
    organizationId: uuid('organization_id')
      .primaryKey()
      .references(() => organizations.id),
    state: jsonb('state').notNull(),
    version: integer('version').notNull().default(0),
    nextDeadlineAt: tz('next_deadline_at'),
    createdAt: createdAt(),
    updatedAt: tz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    index('request_states_next_deadline_idx').on(t.nextDeadlineAt).where(sql`next_deadline_at is not null`),
  ],
);

/** Every event the request decider produced, in order: the requests' audit trail. */
export const requestEvents = pgTable(
  'request_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id),
    requestId: uuid('request_id').notNull(),
    type: text('type').notNull(),
    payload: jsonb('payload').notNull(),
    at: tz('at').notNull(),
  },
  (t) => [index('request_events_request_idx').on(t.requestId, t.id)],
);
