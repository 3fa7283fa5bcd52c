import { and, eq, gt, isNull, lte, min } from 'drizzle-orm';
import type { DbOrTx } from './client';
import { namedStatement, runNamed } from './named-statement';
import { outbox } from './schema';

/**
 * The outbox's delivery, in named statements (db/named-statement.ts): after every batch of fund
 * commands the worker (jobs/outbox-worker.ts) claims the socket events they queued, announces
 * them, and marks them handled; every instance's listener reads them. Built by Drizzle, the
 * claim was a transaction of four round trips, and each mark and read a new text per number of
 * ids, parsed and planned each time (issue 15, stop 52).
 */

/** Rows claimed at most at once. */
export const OUTBOX_CLAIM_BATCH = 100;

/** What a handler is given of a claimed row. */
export interface ClaimedOutboxRow {
  id: number;
  topic: string;
  organizationId: string | null;
  payload: unknown;
  /** Claims of the row so far, this one included. */
  attempts: number;
}

/**
 * The due rows, oldest first, locked for the claim; rows another claim holds are skipped. Read
 * through `outbox_claim_idx` (pending rows in id order), never the processed ones. `now` is an
 * SQL expression of the moment.
 */
export function dueRowsSql(now: string): string {
  return `select id from outbox where processed_at is null and available_at <= ${now}
     order by id limit ${OUTBOX_CLAIM_BATCH} for update skip locked`;
}

// One statement, committed on its own: the rows are locked, leased and returned at once, as the
// transaction of a select and an update did. In the order they were written: RETURNING follows
// no ORDER BY, and a payout handled before the holds it captures would find them still pending.
// Ids as float8: a bigint comes back as a string from node-postgres, and an id passes 2^53 only
// after nine quadrillion rows.
const claimStatement = namedStatement<ClaimedOutboxRow>(
  'outbox_claim',
  `with due as materialized (${dueRowsSql('to_timestamp($1::float8 / 1000)')}),
   claimed as (
     update outbox set available_at = to_timestamp($2::float8 / 1000), attempts = outbox.attempts + 1
     from due where outbox.id = due.id
     returning outbox.id, outbox.topic, outbox.organization_id, outbox.payload, outbox.attempts)
   select id::float8 as id, topic, organization_id as "organizationId", payload, attempts
   from claimed order by id`,
);

/**
 * Claims the rows due at `now` with a lease until `leaseUntil`, in the order they were written:
 * any number of instances share them, and a row whose handler dies is due again when the lease
 * ends.
 */
export function claimDueOutboxRows(db: DbOrTx, now: Date, leaseUntil: Date): Promise<ClaimedOutboxRow[]> {
  return runNamed(db, claimStatement, [now.getTime(), leaseUntil.getTime()]);
}

const handledStatement = namedStatement(
  'outbox_handled',
  `update outbox set processed_at = to_timestamp($1::float8 / 1000), last_error = null
   where id = any($2::bigint[])`,
);

/** Marks the rows handled, in one write: a row's own update would cost a commit each. */
export async function markOutboxRowsHandled(db: DbOrTx, ids: readonly number[], at: Date): Promise<void> {
  await runNamed(db, handledStatement, [at.getTime(), ids]);
}

const nextDueStatement = namedStatement<{ at: number | null }>(
  'outbox_next_due',
  `select (extract(epoch from min(available_at)) * 1000)::float8 as at from outbox where processed_at is null`,
);

/** When the earliest pending row of `topic` due after `after` and by `by` is due, or null. */
export async function nextRowOfTopicDue(
  db: DbOrTx,
  topic: string,
  after: Date,
  by: Date,
): Promise<Date | null> {
  const [row] = await db
    .select({ at: min(outbox.availableAt) })
    .from(outbox)
    .where(
      and(
        isNull(outbox.processedAt),
        eq(outbox.topic, topic),
        gt(outbox.availableAt, after),
        lte(outbox.availableAt, by),
      ),
    );
  return row?.at ?? null;
}

/** When the earliest pending row is due (epoch milliseconds), or null when none is pending. */
export async function nextOutboxRowDue(db: DbOrTx): Promise<number | null> {
  const [row] = await runNamed(db, nextDueStatement, []);
  return row?.at ?? null;
}

// Ids as text: a NOTIFY's payload is text.
const announceStatement = namedStatement(
  'outbox_announce',
  `select pg_notify($1, id) from unnest($2::text[]) as id`,
);

/** Announces the rows on the channel, one NOTIFY each, delivered when this statement commits. */
export async function announceOutboxRows(db: DbOrTx, channel: string, ids: readonly number[]): Promise<void> {
  await runNamed(db, announceStatement, [channel, ids.map(String)]);
}

const announcedStatement = namedStatement<{ organizationId: string | null; payload: unknown }>(
  'outbox_announced_rows',
  `select organization_id as "organizationId", payload from outbox where id = any($1::bigint[])
   order by id`,
);

/** The announced rows' organizations and payloads, in id order: what each listener forwards. */
export function readAnnouncedOutboxRows(
  db: DbOrTx,
  ids: readonly number[],
): Promise<{ organizationId: string | null; payload: unknown }[]> {
  return runNamed(db, announcedStatement, [ids]);
}
