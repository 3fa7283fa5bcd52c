import { and, eq, inArray, isNull, lt } from 'drizzle-orm';
import type { DbOrTx } from './client';
import { deleteInBatches } from './delete-in-batches';
import { outbox } from './schema';

/** How long a handled row of a topic nothing reads afterwards is kept (for looking into a delivery). */
export const HANDLED_OUTBOX_ROW_DAYS = 2;

/**
 * Deletes the rows of these topics handled more than `HANDLED_OUTBOX_ROW_DAYS` ago, oldest first,
 * in batches; returns how many. Only for topics whose handled rows nothing reads: socket events
 * are read once, by id, right after their NOTIFY, a push is sent and done, and a reset asked for
 * (an address anyone typed, perhaps no member's) is looked into and done. Mail rows stay
 * (the mail tracking page reads their attempts). Pending rows are never touched, however old.
 * Idempotent, so every instance may run it.
 */
export function pruneHandledOutboxRows(db: DbOrTx, now: Date, topics: readonly string[]): Promise<number> {
  const before = new Date(now.getTime() - HANDLED_OUTBOX_ROW_DAYS * 86_400_000);
  return deleteInBatches(
    db,
    outbox,
    outbox.id,
    and(lt(outbox.processedAt, before), inArray(outbox.topic, [...topics])),
  );
}

/**
 * Deletes the rows of `topic` still waiting after `maxAgeMs`, in batches; returns how many. Only
 * for a topic whose late work is worth nothing: a reset asked for an hour ago would mail a link
 * to someone who has given up on it, and its row keeps the address someone typed. Such a row
 * also waits for ever where no instance has its handler (a rollback to a release before it).
 */
export function pruneStaleOutboxRows(
  db: DbOrTx,
  now: Date,
  topic: string,
  maxAgeMs: number,
): Promise<number> {
  return deleteInBatches(
    db,
    outbox,
    outbox.id,
    and(
      eq(outbox.topic, topic),
      isNull(outbox.processedAt),
      lt(outbox.createdAt, new Date(now.getTime() - maxAgeMs)),
    ),
  );
}
