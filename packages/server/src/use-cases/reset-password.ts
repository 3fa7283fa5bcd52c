import { passwordProblem } from '@giro/domain/account';
import { DomainError } from '@giro/domain/errors';
import { eq } from 'drizzle-orm';
import { sessions, users } from '../db/schema';
import { consumeToken, spendTokensOf } from '../db/token.repository';
import { findUserById } from '../db/user.repository';
import type { Deps } from '../deps';
import { AppError } from '../errors';
import { hashPassword } from '../security/passwords';
import { forgetPasswordChecks } from './password-checks';
import { passkeysNamed, recordSecurityEvent } from './security-events';

/** Sets a new password from a reset token and ends every session of that user (domain.md). */
export async function resetPassword(deps: Deps, token: string, password: string): Promise<void> {
  const now = deps.clock.now();
  const passwordHash = await hashPassword(password);
  await deps.db.transaction(async (tx) => {
    const userId = await consumeToken(tx, 'reset_password', token, now);
    if (!userId) throw new AppError('INVALID_RESET_TOKEN');
    const user = await findUserById(tx, userId);
    if (!user) throw new AppError('INVALID_RESET_TOKEN');
    const problem = passwordProblem(password, user);
    if (problem) throw new DomainError(problem);
    // The link came by email, so the address is proven too.
    await tx
      .update(users)
      .set({ passwordHash, emailVerifiedAt: user.emailVerifiedAt ?? now })
      .where(eq(users.id, userId));
    await tx.delete(sessions).where(eq(sessions.userId, userId));
    // A second link asked for in the same hour (or by someone else) sets nothing after this one.
    await spendTokensOf(tx, userId, 'reset_password', now);
    await recordSecurityEvent(tx, deps, user, 'password_reset', await passkeysNamed(tx, userId));
    // Locked out by guesses (their own or someone's), the member signs in with the new one at once.
    await forgetPasswordChecks(tx, userId);
  });
  deps.kickOutbox();
}
