import { findUserByLogin, type UserRow } from '../db/user.repository';
import type { Deps } from '../deps';
import { AppError } from '../errors';
import { burnPasswordCheck, verifyPassword } from '../security/passwords';

/** Checks the credentials (username or email). Same answer and same time for an unknown user. */
export async function logIn(deps: Deps, login: string, password: string): Promise<UserRow> {
  const user = await findUserByLogin(deps.db, login);
  if (!user) {
    await burnPasswordCheck(password);
    throw new AppError('INVALID_CREDENTIALS');
  }
  if (!(await verifyPassword(user.passwordHash, password))) throw new AppError('INVALID_CREDENTIALS');
  return user;
}
