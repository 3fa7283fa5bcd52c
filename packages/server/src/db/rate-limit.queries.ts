import { and, eq, like, lt, or, sql } from 'drizzle-orm';
import type { DbOrTx } from './client';
import { deleteInBatches } from './delete-in-batches';
import { rateLimitHits } from './schema';

/**
 * Counts one request against `key`'s window and answers the count so far and when the window
 * ends. One statement, so two instances counting the same caller at once each see the other's
 * request. A window that has ended starts again at this request, and so does one that ends
 * further away than twice its length: dated by a test clock that has since been set back (within
 * that, instances whose clocks differ a little count on in the same window).
 */
export async function countRateLimitHit(
  db: DbOrTx,
  key: string,
  windowMs: number,
  now: Date,
): Promise<{ hits: number; resetsAt: Date }> {
  const resetsAt = new Date(now.getTime() + windowMs);
  const ended = sql`(${rateLimitHits.resetsAt} <= ${now.toISOString()}::timestamptz
    or ${rateLimitHits.resetsAt} > excluded.resets_at + ${windowMs}::float8 * interval '1 millisecond')`;
  const [row] = await db
    .insert(rateLimitHits)
    .values({ key, hits: 1, resetsAt })
    .onConflictDoUpdate({
      target: rateLimitHits.key,
      set: {
        hits: sql`case when ${ended} then 1 else ${rateLimitHits.hits} + 1 end`,
        resetsAt: sql`case when ${ended} then excluded.resets_at else ${rateLimitHits.resetsAt} end`,
      },
    })
    .returning({ hits: rateLimitHits.hits, resetsAt: rateLimitHits.resetsAt });
  return row!;
}

/**
 * Forgets the windows that have ended: a caller's next request starts a new one anyway. In
 * batches, as the other prunes: a flood from many addresses leaves a row for each.
 */
export function pruneEndedRateLimitWindows(db: DbOrTx, now: Date): Promise<number> {
  return deleteInBatches(
    db,
    rateLimitHits,
    rateLimitHits.key,
    lt(rateLimitHits.resetsAt, now),
    rateLimitHits.resetsAt,
  );
}

/**
 * Forgets the first `hits` requests of `key`'s window that ends at `resetsAt` (as
 * `countRateLimitHit` answered them), in one statement: requests counted since, by others at the
 * same moment, still count. Nothing if that window has ended and another begun.
 */
export async function forgetRateLimitHits(
  db: DbOrTx,
  key: string,
  window: { hits: number; resetsAt: Date },
): Promise<void> {
  await db
    .update(rateLimitHits)
    .set({ hits: sql`greatest(${rateLimitHits.hits} - ${window.hits}::int, 0)` })
    .where(and(eq(rateLimitHits.key, key), eq(rateLimitHits.resetsAt, window.resetsAt)));
}

/**
 * Ends `key`'s window at once: what it counted no longer holds anyone back. `andBelow`: the
 * windows of the keys that extend it with that separator too.
 */
export async function forgetRateLimitWindow(
  db: DbOrTx,
  key: string,
  options: { andBelow?: string } = {},
): Promise<void> {
  const below = options.andBelow
    ? like(rateLimitHits.key, `${key.replace(/[\\%_]/g, '\\$&')}${options.andBelow}%`)
    : undefined;
  await db
    .delete(rateLimitHits)
    .where(below ? or(eq(rateLimitHits.key, key), below) : eq(rateLimitHits.key, key));
}
