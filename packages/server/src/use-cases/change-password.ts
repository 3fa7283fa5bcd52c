import { passwordProblem } from '@giro/domain/account';
import { DomainError } from '@giro/domain/errors';
import { and, eq } from 'drizzle-orm';
import { users } from '../db/schema';
import { endSessionsOfUser, holdLiveSession } from '../db/session.repository';
import { spendTokensOf } from '../db/token.repository';
import type { UserRow } from '../db/user.repository';
import type { Deps } from '../deps';
import { AppError } from '../errors';
import { hashPassword } from '../security/passwords';
import { checkMemberPassword, type KnownBrowser } from './password-checks';
import { passkeysNamed, recordSecurityEvent } from './security-events';

/**
 * Changes the password after checking the current one; other sessions of the user end. The
 * check (argon2) and the new hash take a moment, in which a password reset may commit (and end
 * this session) or the member may sign this browser out from another: the new password is
 * written only if the one checked is still the member's and the session still stands. Else
 * whoever knew the old password (an intruder the member is locking out) had the last word over
 * the reset.
 */
export async function changePassword(
  deps: Deps,
  user: UserRow,
  input: { currentPassword: string; newPassword: string },
  sessionId: string | undefined,
  knownBrowser: KnownBrowser = null,
): Promise<void> {
  await checkMemberPassword(deps, user, input.currentPassword, 'PASSWORD_CHANGE_FAILED', knownBrowser);
  const problem = passwordProblem(input.newPassword, user);
  if (problem) throw new DomainError(problem);
  const passwordHash = await hashPassword(input.newPassword);
  await deps.db.transaction(async (tx) => {
    if (sessionId && !(await holdLiveSession(tx, sessionId))) throw new AppError('SESSION_EXPIRED');
    const changed = await tx
      .update(users)
      .set({ passwordHash })
      .where(and(eq(users.id, user.id), eq(users.passwordHash, user.passwordHash)))
      .returning({ id: users.id });
    if (changed.length === 0) throw new AppError('PASSWORD_CHANGE_FAILED');
    await endSessionsOfUser(tx, user.id, sessionId);
    // A reset link still in the mailbox no longer sets the password: the member has just chosen one.
    await spendTokensOf(tx, user.id, 'reset_password', deps.clock.now());
    await recordSecurityEvent(tx, deps, user, 'password_changed', await passkeysNamed(tx, user.id));
  });
  deps.kickOutbox();
}
