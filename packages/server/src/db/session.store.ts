import type { SessionStore } from '@fastify/session';
import { and, eq, gt, sql } from 'drizzle-orm';
import type { Clock } from '../clock';
import { hashToken } from '../security/tokens';
import type { Db } from './client';
import { sessions } from './schema';

const DEFAULT_TTL_MS = 30 * 24 * 3600 * 1000;

type StoredSession = Parameters<SessionStore['set']>[1] & { userId?: string };

/**
 * Server-side sessions in the database, so any instance serves any request. Rows are keyed
 * by the SHA-256 of the session id.
 */
export function databaseSessionStore(db: Db, clock: Clock): SessionStore {
  return {
    set(sessionId, session, callback) {
      const stored = session as StoredSession;
      const expires = stored.cookie?.expires
        ? new Date(stored.cookie.expires)
        : new Date(clock.now().getTime() + DEFAULT_TTL_MS);
      const data = JSON.parse(JSON.stringify(session));
      db.insert(sessions)
        .values({ idHash: hashToken(sessionId), userId: stored.userId ?? null, data, expiresAt: expires })
        .onConflictDoUpdate({
          target: sessions.idHash,
          set: { userId: stored.userId ?? null, data, expiresAt: expires },
        })
        .then(() => callback(), callback);
    },
    get(sessionId, callback) {
      db.select({ data: sessions.data })
        .from(sessions)
        .where(and(eq(sessions.idHash, hashToken(sessionId)), gt(sessions.expiresAt, clock.now())))
        .limit(1)
        .then(([row]) => callback(null, (row?.data as StoredSession | undefined) ?? null), callback);
    },
    destroy(sessionId, callback) {
      db.delete(sessions)
        .where(eq(sessions.idHash, hashToken(sessionId)))
        .then(() => callback(), callback);
    },
  };
}

/** Ends every session of a user but, optionally, the one in use (password reset, deletion). */
export async function endSessionsOfUser(db: Db, userId: string, keepSessionId?: string): Promise<void> {
  const keep = keepSessionId ? hashToken(keepSessionId) : '';
  await db.delete(sessions).where(and(eq(sessions.userId, userId), sql`${sessions.idHash} <> ${keep}`));
}
