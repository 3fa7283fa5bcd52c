import { and, asc, eq, gt, lt, sql } from 'drizzle-orm';
import type { DbOrTx } from './client';
import { passkeys, webauthnChallenges } from './schema';

/** A member's passkeys and the single-use WebAuthn challenges (issue 18, ADR 0025). */

export type PasskeyRow = typeof passkeys.$inferSelect;
export type ChallengePurpose = 'registration' | 'authentication';

export function listPasskeysOfUser(db: DbOrTx, userId: string): Promise<PasskeyRow[]> {
  return db.select().from(passkeys).where(eq(passkeys.userId, userId)).orderBy(asc(passkeys.createdAt));
}

export async function findPasskeyByCredentialId(db: DbOrTx, credentialId: string) {
  const [row] = await db.select().from(passkeys).where(eq(passkeys.credentialId, credentialId)).limit(1);
  return row;
}

/** Stores a verified passkey; false when that credential is registered already. */
export async function insertPasskey(
  db: DbOrTx,
  row: typeof passkeys.$inferInsert,
): Promise<PasskeyRow | undefined> {
  const [inserted] = await db.insert(passkeys).values(row).onConflictDoNothing().returning();
  return inserted;
}

/**
 * After a verified sign-in: the counter and backup state the authenticator reported, only if the
 * stored counter is still below it, decided by the row as it is now. Of two sign-ins racing with
 * the same counter one wins and the other is a regression (a cloned authenticator); two with
 * counters 6 and 7, both read against 5, both go through, where a compare with the 5 read
 * refused the second as a copy and mailed the member so. An authenticator that keeps no counter
 * says 0 every time. False when it lost.
 */
export async function recordPasskeyUse(
  db: DbOrTx,
  id: string,
  use: { counter: number; backedUp: boolean; at: Date },
): Promise<boolean> {
  // Only a sign-in whose holder was verified is recorded as a use (passkeys.ts): it verifies.
  const counterMoved = use.counter === 0 ? eq(passkeys.counter, 0) : lt(passkeys.counter, use.counter);
  const updated = await db
    .update(passkeys)
    .set({ counter: use.counter, backedUp: use.backedUp, lastUsedAt: use.at, userVerified: true })
    .where(and(eq(passkeys.id, id), counterMoved))
    .returning({ id: passkeys.id });
  return updated.length > 0;
}

/**
 * A verified sign-in came without the holder's verification (refused): the member's Account
 * shows this passkey signs in no more, until one with it marks it again (recordPasskeyUse).
 */
export async function recordPasskeyUnverified(db: DbOrTx, id: string): Promise<void> {
  await db.update(passkeys).set({ userVerified: false }).where(eq(passkeys.id, id));
}

/** Renames one of the member's passkeys (locked first, in the caller's transaction); answers the name it had too. */
export async function renamePasskey(tx: DbOrTx, userId: string, id: string, name: string) {
  const [before] = await tx
    .select({ name: passkeys.name })
    .from(passkeys)
    .where(and(eq(passkeys.id, id), eq(passkeys.userId, userId)))
    .for('update');
  if (!before) return undefined;
  const [row] = await tx.update(passkeys).set({ name }).where(eq(passkeys.id, id)).returning();
  return { row: row!, previous: before.name };
}

export async function deletePasskey(db: DbOrTx, userId: string, id: string) {
  const [row] = await db
    .delete(passkeys)
    .where(and(eq(passkeys.id, id), eq(passkeys.userId, userId)))
    .returning();
  return row;
}

export async function saveChallenge(
  db: DbOrTx,
  challenge: { challenge: string; purpose: ChallengePurpose; userId: string | null; expiresAt: Date },
): Promise<void> {
  // Expired ones go as new ones come: the table holds minutes of challenges, never more.
  await db.delete(webauthnChallenges).where(lt(webauthnChallenges.expiresAt, sql`now()`));
  await db.insert(webauthnChallenges).values(challenge);
}

/**
 * Takes a challenge for good: deleted as it is read, so a second answer to it (a replay) finds
 * nothing. Only a live one of the right purpose (and, for a registration, the same member).
 */
export async function takeChallenge(
  db: DbOrTx,
  challenge: string,
  purpose: ChallengePurpose,
  userId: string | null,
): Promise<boolean> {
  const taken = await db
    .delete(webauthnChallenges)
    .where(
      and(
        eq(webauthnChallenges.challenge, challenge),
        eq(webauthnChallenges.purpose, purpose),
        userId ? eq(webauthnChallenges.userId, userId) : sql`${webauthnChallenges.userId} is null`,
        gt(webauthnChallenges.expiresAt, sql`now()`),
      ),
    )
    .returning({ challenge: webauthnChallenges.challenge });
  return taken.length > 0;
}
