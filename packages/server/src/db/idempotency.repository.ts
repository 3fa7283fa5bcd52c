import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from './client';
import { idempotencyKeys } from './schema';

/** The stored first answer for this caller's key, if the request was already carried out. */
export async function findIdempotentAnswer(tx: DbOrTx, userId: string, key: string) {
  const [row] = await tx
    .select({ route: idempotencyKeys.route, response: idempotencyKeys.response })
    .from(idempotencyKeys)
    .where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key)))
    .limit(1);
  return row;
}

export async function saveIdempotentAnswer(
  tx: DbOrTx,
  entry: { userId: string; key: string; route: string; response: unknown },
  now: Date,
): Promise<void> {
  await tx
    .insert(idempotencyKeys)
    .values({ ...entry, statusCode: 200, response: entry.response, createdAt: now });
}
