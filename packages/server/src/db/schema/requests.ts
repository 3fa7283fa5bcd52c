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
  (t) => [
    index('request_events_request_idx').on(t.requestId, t.id),
    // A member's own requests, in every family they were in (ADR 0057): one creation each.
    index('request_events_owner_idx')
      .on(sql`(${t.payload}->'request'->>'ownerId')`)
      .where(sql`type = 'RequestCreated'`),
  ],
);

/**
 * Ended requests at rest that left their organization's state (ADR 0042): nothing can change
 * them any more, and the state keeps only those its overview can still show, so it stops
 * growing with the organization's age. `request` is the domain's FundingRequest as it was let go; `people` the
 * owner and contributors, for the account export.
 */
export const endedRequests = pgTable(
  'ended_requests',
  {
    requestId: uuid('request_id').primaryKey(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id),
    endedAt: tz('ended_at').notNull(),
    people: text('people').array().notNull(),
    request: jsonb('request').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('ended_requests_organization_idx').on(t.organizationId, t.endedAt),
    index('ended_requests_people_idx').using('gin', t.people),
  ],
);
