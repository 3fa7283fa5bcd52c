import { inArray, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { DbOrTx } from './client';

/** Rows a prune deletes in one statement. */
export const PRUNE_BATCH = 5_000;

/**
 * Deletes the rows of `table` that `where` matches, `PRUNE_BATCH` at a time in `order` (a first
 * prune after months is many short transactions, not one that holds its locks for minutes);
 * returns how many. `key` names a row (the primary key). A row another transaction holds is
 * skipped (SKIP LOCKED), left for the next prune: the prune never waits, so it can never be one
 * side of a deadlock with a member's own change (a password reset ending their sessions).
 */
export async function deleteInBatches(
  db: DbOrTx,
  table: PgTable,
  key: PgColumn,
  where: SQL | undefined,
  order: PgColumn = key,
): Promise<number> {
  let deleted = 0;
  for (;;) {
    const batch = db
      .select({ key })
      .from(table)
      .where(where)
      .orderBy(order)
      .limit(PRUNE_BATCH)
      .for('update', { skipLocked: true });
    const rows = await db.delete(table).where(inArray(key, batch)).returning({ key });
    deleted += rows.length;
    if (rows.length < PRUNE_BATCH) return deleted;
  }
}
