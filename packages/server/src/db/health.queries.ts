import { and, isNull, lte, min, sql } from 'drizzle-orm';
import type { Db } from './client';
import { funds, outbox, requestStates } from './schema';

/** Outbox rows due now and not processed: what the workers have yet to send. */
export async function outboxBacklog(db: Db, now: Date): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)`.mapWith(Number) })
    .from(outbox)
    .where(and(isNull(outbox.processedAt), lte(outbox.availableAt, now)));
  return row?.count ?? 0;
}

/** How late the deadline worker is: now − the earliest due deadline of a fund or request state. */
export async function deadlineLagSeconds(db: Db, now: Date): Promise<number> {
  const earliest = async (table: typeof funds | typeof requestStates) => {
    const [row] = await db
      .select({ at: min(table.nextDeadlineAt) })
      .from(table)
      .where(lte(table.nextDeadlineAt, now));
    return row?.at ? new Date(row.at).getTime() : null;
  };
  const due = [await earliest(funds), await earliest(requestStates)].filter((at) => at !== null);
  if (due.length === 0) return 0;
  return Math.max(0, Math.round((now.getTime() - Math.min(...due)) / 1000));
}
