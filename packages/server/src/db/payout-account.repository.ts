import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { DbOrTx } from './client';
import { payoutAccounts } from './schema';

export type PayoutAccountRow = typeof payoutAccounts.$inferSelect;

export async function findPayoutAccount(db: DbOrTx, userId: string): Promise<PayoutAccountRow | undefined> {
  const [row] = await db.select().from(payoutAccounts).where(eq(payoutAccounts.userId, userId));
  return row;
}

/** Which of these members the platform can pay now: their account is linked and active. */
export async function activePayoutAccounts(db: DbOrTx, userIds: readonly string[]): Promise<Set<string>> {
  if (userIds.length === 0) return new Set();
  const rows = await db
    .select({ userId: payoutAccounts.userId })
    .from(payoutAccounts)
    .where(
      and(
        inArray(payoutAccounts.userId, [...userIds]),
        eq(payoutAccounts.status, 'active'),
        isNull(payoutAccounts.unlinkedAt),
      ),
    );
  return new Set(rows.map((row) => row.userId));
}

/** The account a payout to this member goes to: linked and active, else none. */
export async function activePayoutAccountOf(db: DbOrTx, userId: string): Promise<string | null> {
  const [row] = await db
    .select({ accountId: payoutAccounts.providerAccountId })
    .from(payoutAccounts)
    .where(
      and(
        eq(payoutAccounts.userId, userId),
        eq(payoutAccounts.status, 'active'),
        isNull(payoutAccounts.unlinkedAt),
      ),
    );
  return row?.accountId ?? null;
}

export async function savePayoutAccount(
  db: DbOrTx,
  row: { userId: string; provider: string; providerAccountId: string; status: string },
  now: Date,
): Promise<void> {
  await db
    .insert(payoutAccounts)
    .values({ ...row, createdAt: now, updatedAt: now })
    .onConflictDoUpdate({
      target: payoutAccounts.userId,
      set: {
        provider: row.provider,
        providerAccountId: row.providerAccountId,
        status: row.status,
        unlinkedAt: null,
        updatedAt: now,
      },
    });
}

export async function updatePayoutAccount(
  db: DbOrTx,
  userId: string,
  set: { status?: string; unlinkedAt?: Date | null },
  now: Date,
): Promise<void> {
  await db
    .update(payoutAccounts)
    .set({ ...set, updatedAt: now })
    .where(eq(payoutAccounts.userId, userId));
}

export async function deletePayoutAccountRow(db: DbOrTx, userId: string): Promise<void> {
  await db.delete(payoutAccounts).where(eq(payoutAccounts.userId, userId));
}
