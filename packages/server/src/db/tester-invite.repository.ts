import { and, eq, gt, isNull, or, sql } from 'drizzle-orm';
import { AppError } from '../errors';
import type { DbOrTx } from './client';
import { testerInvites } from './schema';

/**
 * Uses a tester invite (domain.md, Private testing): single use, unexpired, not revoked, and
 * bound to an email when it was issued for one. Returns its id, or throws INVALID_TESTER_INVITE.
 */
export async function claimTesterInvite(
  tx: DbOrTx,
  code: string,
  email: string,
  userId: string,
  now: Date,
): Promise<string> {
  const [row] = await tx
    .update(testerInvites)
    .set({ usedAt: now, usedBy: userId })
    .where(
      and(
        eq(testerInvites.code, code),
        isNull(testerInvites.usedAt),
        isNull(testerInvites.revokedAt),
        gt(testerInvites.expiresAt, now),
        or(isNull(testerInvites.email), sql`lower(${testerInvites.email}) = ${email}`),
      ),
    )
    .returning({ id: testerInvites.id });
  if (!row) throw new AppError('INVALID_TESTER_INVITE');
  return row.id;
}

export async function findTesterInvite(tx: DbOrTx, code: string) {
  const [row] = await tx.select().from(testerInvites).where(eq(testerInvites.code, code)).limit(1);
  return row;
}

export type TesterInviteRow = typeof testerInvites.$inferSelect;

/** Stores a new tester invite under a fresh code; a clash with an existing code draws again. */
export async function insertTesterInvite(
  tx: DbOrTx,
  input: { email?: string; expiresAt: Date; createdBy: string },
  newCode: () => string,
  now: Date,
): Promise<TesterInviteRow> {
  for (;;) {
    const [row] = await tx
      .insert(testerInvites)
      .values({ ...input, code: newCode(), createdAt: now })
      .onConflictDoNothing({ target: testerInvites.code })
      .returning();
    if (row) return row;
  }
}

/** Revokes an invite that is neither used nor already revoked; undefined otherwise. */
export async function revokeTesterInviteRow(tx: DbOrTx, id: string, now: Date) {
  const [row] = await tx
    .update(testerInvites)
    .set({ revokedAt: now })
    .where(and(eq(testerInvites.id, id), isNull(testerInvites.usedAt), isNull(testerInvites.revokedAt)))
    .returning();
  return row;
}
