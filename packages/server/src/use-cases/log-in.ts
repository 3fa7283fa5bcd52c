import { findUserByLogin, type UserRow } from '../db/user.repository';
import type { Deps } from '../deps';
import { AppError } from '../errors';
import { checkMemberPassword, checkPassword, type KnownBrowser } from './password-checks';

/**
 * Checks the credentials (username or email). Same answer and same time for an unknown user,
 * and the same limit on guesses (password-checks.ts).
 */
export async function logIn(
  deps: Deps,
  login: string,
  password: string,
  knownBrowser: KnownBrowser = null,
): Promise<UserRow> {
  const user = await findUserByLogin(deps.db, login);
  if (!user) {
    await checkPassword(deps, { unknownLogin: login }, null, password, 'INVALID_CREDENTIALS');
    throw new AppError('INVALID_CREDENTIALS'); // not reached: a check without a hash always refuses
  }
  // A browser this member signed in from before has its own count: guesses elsewhere do not lock it.
  await checkMemberPassword(deps, user, password, 'INVALID_CREDENTIALS', knownBrowser);
  return user;
}
