import { sql } from 'drizzle-orm';
import type { DbOrTx } from './client';
import { deleteInBatches } from './delete-in-batches';
import { usedCaptchas } from './schema';

/**
 * Records a solved challenge as used; false when it was used before (a replay), on any instance.
 * Dated by the database's clock, as a challenge's expiry is wall time (not the test clock).
 */
export async function recordUsedCaptcha(db: DbOrTx, key: string): Promise<boolean> {
  const inserted = await db
    .insert(usedCaptchas)
    .values({ id: key })
    .onConflictDoNothing()
    .returning({ id: usedCaptchas.id });
  return inserted.length === 1;
}

/**
 * Forgets challenges used more than a day ago: a challenge expires ten minutes after it was
 * issued (wall time), so ALTCHA refuses its payload before a replay could reach this record.
 */
export function pruneUsedCaptchas(db: DbOrTx): Promise<number> {
  return deleteInBatches(
    db,
    usedCaptchas,
    usedCaptchas.id,
    sql`${usedCaptchas.createdAt} < now() - interval '1 day'`,
    usedCaptchas.createdAt,
  );
}
