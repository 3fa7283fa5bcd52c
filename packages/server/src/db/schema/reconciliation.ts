import { integer, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { tz } from './columns';

/**
 * What each reconciliation found (issue 17, ADR 0030): the ledger compared with the payment
 * providers object by object. `checked` counts the charges and payouts compared per payment
 * method; `differences` lists each one that did not match, with the ids to look at; `error`
 * says why a run could not finish (a provider unreachable). The row that migration 0021 writes
 * (trigger `start`) marks where comparison begins: money moved before it was booked under the
 * earlier rules (escrow, ADR 0030), which the comparison does not read.
 */
export const reconciliations = pgTable('reconciliations', {
  id: uuid('id').primaryKey().defaultRandom(),
  trigger: text('trigger').notNull(),
  /** The payment provider compared with (the sandbox, or the live providers). */
  provider: text('provider').notNull(),
  startedAt: tz('started_at').notNull().defaultNow(),
  finishedAt: tz('finished_at'),
  checked: jsonb('checked').notNull().default({}),
  inFlight: integer('in_flight').notNull().default(0),
  differences: jsonb('differences').notNull().default([]),
  error: text('error'),
});
