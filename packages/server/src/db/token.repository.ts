import { and, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import { hashToken, newToken } from '../security/tokens';
import type { DbOrTx } from './client';
import { deleteInBatches } from './delete-in-batches';
import { userTokens } from './schema';

export type TokenPurpose = 'verify_email' | 'reset_password' | 'delete_account';

export const TOKEN_TTL_MS: Record<TokenPurpose, number> = {
  verify_email: 24 * 3600_000,
  reset_password: 3600_000,
  delete_account: 3600_000,
};

/** Issues a single-use token; only its hash is stored. Returns the raw token for the link. */
export async function issueToken(
  tx: DbOrTx,
  userId: string,
  purpose: TokenPurpose,
  now: Date,
): Promise<string> {
  const token = newToken();
  await tx.insert(userTokens).values({
    userId,
    purpose,
    tokenHash: hashToken(token),
    expiresAt: new Date(now.getTime() + TOKEN_TTL_MS[purpose]),
    createdAt: now,
  });
  return token;
}

/** Marks the token used and returns its user, or null when unknown, used, expired or of another purpose. */
export async function consumeToken(
  tx: DbOrTx,
  purpose: TokenPurpose,
  token: string,
  now: Date,
): Promise<string | null> {
  const [row] = await tx
    .update(userTokens)
    .set({ usedAt: now })
    .where(
      and(
        eq(userTokens.tokenHash, hashToken(token)),
        eq(userTokens.purpose, purpose),
        isNull(userTokens.usedAt),
        gt(userTokens.expiresAt, now),
      ),
    )
    .returning({ userId: userTokens.userId });
  return row?.userId ?? null;
}

/**
 * Every unused token of this purpose for the member is spent: once the password is set (by a
 * reset link or a change), the other reset links mailed in the same hour no longer set it.
 */
export async function spendTokensOf(
  tx: DbOrTx,
  userId: string,
  purpose: TokenPurpose,
  now: Date,
): Promise<void> {
  await tx
    .update(userTokens)
    .set({ usedAt: now })
    .where(and(eq(userTokens.userId, userId), eq(userTokens.purpose, purpose), isNull(userTokens.usedAt)));
}

/**
 * Forgets the tokens that have expired, used or not: none of them can be consumed again. Expired
 * by the app's clock (what `consumeToken` asks) and by the database's: a test clock moved ahead
 * and then reset makes a token valid again, and it is kept for that.
 */
export function pruneExpiredTokens(db: DbOrTx, now: Date): Promise<number> {
  return deleteInBatches(
    db,
    userTokens,
    userTokens.id,
    lt(userTokens.expiresAt, sql`least(now(), ${now.toISOString()}::timestamptz)`),
    userTokens.expiresAt,
  );
}
