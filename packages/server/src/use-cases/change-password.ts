import { passwordProblem } from '@giro/domain/account';
import { DomainError } from '@giro/domain/errors';
import { eq } from 'drizzle-orm';
import { users } from '../db/schema';
import { endSessionsOfUser } from '../db/session.repository';
import type { UserRow } from '../db/user.repository';
import type { Deps } from '../deps';
import { AppError } from '../errors';
import { hashPassword, verifyPassword } from '../security/passwords';
import { recordSecurityEvent } from './security-events';

/** Changes the password after checking the current one; other sessions of the user end. */
export async function changePassword(
  deps: Deps,
  user: UserRow,
  input: { currentPassword: string; newPassword: string },
  sessionId: string | undefined,
): Promise<void> {
  if (!(await verifyPassword(user.passwordHash, input.currentPassword)))
    throw new AppError('PASSWORD_CHANGE_FAILED');
  const problem = passwordProblem(input.newPassword, user);
  if (problem) throw new DomainError(problem);
  const passwordHash = await hashPassword(input.newPassword);
  await deps.db.transaction(async (tx) => {
    await tx.update(users).set({ passwordHash }).where(eq(users.id, user.id));
    await endSessionsOfUser(tx, user.id, sessionId);
    await recordSecurityEvent(tx, deps, user, 'password_changed');
  });
  deps.kickOutbox();
}
