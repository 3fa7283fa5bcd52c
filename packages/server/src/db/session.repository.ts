import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import { hashToken } from '../security/tokens';
import type { Db, DbOrTx } from './client';
import { sessions, users } from './schema';
import type { UserRow } from './user.repository';

/**
 * Server-side sessions in the database, so any instance serves any request. Rows are keyed
 * by the SHA-256 of the session id: a leaked table does not leak usable sessions.
 */

/**
 * The signed-in member of a session id, read with the session in one prepared statement: the
 * hot path of every signed-in request (issue 15). Nothing is cached between requests, so a
 * sign-out, a password change, an expulsion or a deletion on any instance is seen by the very
 * next request. The expiry is compared with the database's clock (sessions live in real time,
 * as their cookies do: the test clock moves fund deadlines, not sign-ins).
 */
const signedInUser = new WeakMap<Db, ReturnType<typeof prepareSignedInUser>>();

function prepareSignedInUser(db: Db) {
  return db
    .select({ user: users })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(
        eq(sessions.idHash, sql.placeholder('idHash')),
        gt(sessions.expiresAt, sql`now()`),
        isNull(users.deletedAt),
      ),
    )
    .limit(1)
    .prepare('session_user');
}

export async function findSignedInUser(db: Db, sessionId: string): Promise<UserRow | undefined> {
  let prepared = signedInUser.get(db);
  if (!prepared) {
    prepared = prepareSignedInUser(db);
    signedInUser.set(db, prepared);
  }
  const [row] = await prepared.execute({ idHash: hashToken(sessionId) });
  return row?.user;
}

export async function createSession(
  db: DbOrTx,
  session: { id: string; userId: string; expiresAt: Date },
): Promise<void> {
  await db.insert(sessions).values({
    idHash: hashToken(session.id),
    userId: session.userId,
    data: { userId: session.userId },
    expiresAt: session.expiresAt,
  });
}

export async function deleteSession(db: DbOrTx, sessionId: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.idHash, hashToken(sessionId)));
}

/** Ends every session of a user but, optionally, the one in use (password change). */
export async function endSessionsOfUser(db: DbOrTx, userId: string, keepSessionId?: string): Promise<void> {
  const keep = keepSessionId ? hashToken(keepSessionId) : '';
  await db.delete(sessions).where(and(eq(sessions.userId, userId), sql`${sessions.idHash} <> ${keep}`));
}
