import type { SessionView } from '@giro/contract/security';
import { endSessionOfUser, endSessionsOfUser, listSessionsOfUser } from '../db/session.repository';
import type { Deps } from '../deps';
import { AppError } from '../errors';
import { browserLabel } from '../security/user-agent';

/** A member's sessions (issue 18): where they are signed in, and ending the ones they do not want. */

export async function listOwnSessions(
  deps: Deps,
  userId: string,
  currentSessionId: string | undefined,
): Promise<SessionView[]> {
  const rows = await listSessionsOfUser(deps.db, userId, currentSessionId);
  return rows.map((row) => ({
    id: row.publicId,
    browser: browserLabel(row.userAgent),
    createdAt: row.createdAt.toISOString(),
    lastSeenAt: row.lastSeenAt.toISOString(),
    current: row.current,
  }));
}

/** Ends one session; that browser is signed out on its next request (nothing is cached). */
export async function endOwnSession(deps: Deps, userId: string, publicId: string): Promise<void> {
  if (!(await endSessionOfUser(deps.db, userId, publicId))) throw new AppError('SESSION_NOT_FOUND');
}

/** Ends every session but the one in use; how many ended. */
export function endOtherSessions(
  deps: Deps,
  userId: string,
  currentSessionId: string | undefined,
): Promise<number> {
  return endSessionsOfUser(deps.db, userId, currentSessionId);
}
