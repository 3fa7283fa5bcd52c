import { and, desc, eq, gt, inArray, isNull, sql } from 'drizzle-orm';
import { hashToken } from '../security/tokens';
import type { Db, DbOrTx } from './client';
import { deleteInBatches } from './delete-in-batches';
import { passkeys, sessions, users } from './schema';
import type { UserRow } from './user.repository';

/**
 * Server-side sessions in the database, so any instance serves any request. Rows are keyed
 * by the SHA-256 of the session id: a leaked table does not leak usable sessions.
 */

/**
 * The signed-in member of a session, read with the session in one prepared statement: the hot
 * path of every signed-in request not answered from memory (issue 15, db/session-cache.ts).
 * The expiry is compared with the database's clock (sessions live in real time, as their
 * cookies do: the test clock moves fund deadlines, not sign-ins).
 */
const signedInUser = new WeakMap<Db, ReturnType<typeof prepareSignedInUser>>();

function prepareSignedInUser(db: Db) {
  return db
    .select({ user: users, lastSeenAt: sessions.lastSeenAt, expiresAt: sessions.expiresAt })
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

export interface SignedInUser {
  user: UserRow;
  lastSeenAt: Date;
  expiresAt: Date;
}

/** The member a session signs in, by the session id's hash (security/tokens `hashToken`). */
export async function findSignedInUserByHash(db: Db, idHash: string): Promise<SignedInUser | undefined> {
  let prepared = signedInUser.get(db);
  if (!prepared) {
    prepared = prepareSignedInUser(db);
    signedInUser.set(db, prepared);
  }
  const [row] = await prepared.execute({ idHash });
  return row;
}

/** Marks sessions seen now: each at most every few minutes, in batches (db/session-touches.ts). */
export async function touchSessions(db: DbOrTx, idHashes: readonly string[]): Promise<void> {
  await db
    .update(sessions)
    .set({ lastSeenAt: sql`now()` })
    .where(inArray(sessions.idHash, [...idHashes]));
}

export async function createSession(
  db: DbOrTx,
  session: { id: string; userId: string; expiresAt: Date; userAgent?: string; passkeyId?: string },
): Promise<void> {
  await db.insert(sessions).values({
    idHash: hashToken(session.id),
    userId: session.userId,
    data: { userId: session.userId },
    expiresAt: session.expiresAt,
    // '' when the browser sent none: null is kept for sessions from before browsers were recorded.
    userAgent: session.userAgent?.slice(0, 512) ?? '',
    passkeyId: session.passkeyId ?? null,
  });
}

/**
 * The sessions a removed passkey signed in end, but the one removing it: whoever held the
 * passkey (a member who does not recognise it removes it) is signed out everywhere it let them in.
 */
export async function endSessionsOpenedBy(
  db: DbOrTx,
  userId: string,
  passkeyId: string,
  keepSessionId?: string,
): Promise<number> {
  const keep = keepSessionId ? hashToken(keepSessionId) : '';
  const ended = await db
    .delete(sessions)
    .where(
      and(eq(sessions.userId, userId), eq(sessions.passkeyId, passkeyId), sql`${sessions.idHash} <> ${keep}`),
    )
    .returning({ publicId: sessions.publicId });
  return ended.length;
}

/**
 * A password sign-in's session, written only if the password it was checked against is still
 * the member's. Their row is held (FOR SHARE) while the session is written, so a password reset
 * or change either commits first (then this refuses: the old password no longer signs in) or
 * waits, and then ends this session with the others. Checked before and written after, as a
 * plain insert, a sign-in with the old password could outlive the reset meant to lock it out.
 */
export async function createPasswordSession(
  db: Db,
  session: { id: string; userId: string; expiresAt: Date; userAgent?: string },
  checkedHash: string,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select({ passwordHash: users.passwordHash })
      .from(users)
      .where(and(eq(users.id, session.userId), isNull(users.deletedAt)))
      .for('share');
    if (row?.passwordHash !== checkedHash) return false;
    await createSession(tx, session);
    return true;
  });
}

/**
 * A passkey's session, stored only if the passkey is still the member's, the row held (FOR SHARE)
 * until the session is in: a removal committed since the passkey was checked refuses it, and one
 * under way waits for it and then ends it. A plain insert lived 30 days after its passkey was gone.
 */
export async function createPasskeySession(
  db: Db,
  session: { id: string; userId: string; expiresAt: Date; userAgent?: string; passkeyId: string },
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select({ id: passkeys.id })
      .from(passkeys)
      .where(and(eq(passkeys.id, session.passkeyId), eq(passkeys.userId, session.userId)))
      .for('share');
    if (!row) return false;
    await createSession(tx, session);
    return true;
  });
}

/**
 * Whether the session is still there, held (FOR SHARE) until the caller's transaction ends: a
 * change made under it then commits before a sign-out elsewhere can end it, or not at all.
 */
export async function holdLiveSession(db: DbOrTx, sessionId: string): Promise<boolean> {
  const [row] = await db
    .select({ userId: sessions.userId })
    .from(sessions)
    .where(eq(sessions.idHash, hashToken(sessionId)))
    .for('share');
  return row !== undefined;
}

export interface SessionRow {
  publicId: string;
  userAgent: string | null;
  createdAt: Date;
  lastSeenAt: Date;
  current: boolean;
}

/** A member's live sessions, the one in use marked, most recently seen first. */
export async function listSessionsOfUser(
  db: DbOrTx,
  userId: string,
  currentSessionId: string | undefined,
): Promise<SessionRow[]> {
  const current = currentSessionId ? hashToken(currentSessionId) : '';
  return db
    .select({
      publicId: sessions.publicId,
      userAgent: sessions.userAgent,
      createdAt: sessions.createdAt,
      lastSeenAt: sessions.lastSeenAt,
      current: sql<boolean>`${sessions.idHash} = ${current}`,
    })
    .from(sessions)
    .where(and(eq(sessions.userId, userId), gt(sessions.expiresAt, sql`now()`)))
    .orderBy(desc(sessions.lastSeenAt), desc(sessions.createdAt));
}

/** Ends one of a member's sessions by the id their list shows; false when there is none. */
export async function endSessionOfUser(db: DbOrTx, userId: string, publicId: string): Promise<boolean> {
  const ended = await db
    .delete(sessions)
    .where(and(eq(sessions.userId, userId), eq(sessions.publicId, publicId)))
    .returning({ publicId: sessions.publicId });
  return ended.length > 0;
}

export async function deleteSession(db: DbOrTx, sessionId: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.idHash, hashToken(sessionId)));
}

/** Ends every session of a user but, optionally, the one in use (password change). */
export async function endSessionsOfUser(db: DbOrTx, userId: string, keepSessionId?: string): Promise<number> {
  const keep = keepSessionId ? hashToken(keepSessionId) : '';
  const ended = await db
    .delete(sessions)
    .where(and(eq(sessions.userId, userId), sql`${sessions.idHash} <> ${keep}`))
    .returning({ publicId: sessions.publicId });
  return ended.length;
}

/**
 * Forgets the sessions that have expired: none signs anyone in again (the session read, by the
 * database's clock, refuses them), and each names a browser a member once used. Each delete is
 * announced to the instances' caches for its member, who are read afresh once.
 */
export function pruneExpiredSessions(db: DbOrTx): Promise<number> {
  return deleteInBatches(
    db,
    sessions,
    sessions.idHash,
    sql`${sessions.expiresAt} < now()`,
    sessions.expiresAt,
  );
}
