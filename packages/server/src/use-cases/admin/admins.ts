import type { Admins } from '@giro/contract/admin';
import { and, asc, eq, isNull } from 'drizzle-orm';
import { users } from '../../db/schema';
import { findUserByLogin } from '../../db/user.repository';
import type { Deps } from '../../deps';
import { AppError } from '../../errors';
import { setUserRole } from '../set-user-role';

/** Who holds the admin role, by name; the asking admin is marked, as they may step down. */
export async function listAdmins(deps: Pick<Deps, 'db'>, askingId: string): Promise<Admins> {
  const rows = await deps.db
    .select({ id: users.id, username: users.username, displayName: users.displayName })
    .from(users)
    .where(and(eq(users.role, 'admin'), isNull(users.deletedAt)))
    .orderBy(asc(users.displayName), asc(users.id));
  return { admins: rows.map((row) => ({ ...row, you: row.id === askingId })) };
}

/** Grants the role to the user named by username or email (domain.md, Admin); then the list. */
export async function grantAdmin(deps: Deps, askingId: string, login: string): Promise<Admins> {
  const user = await findUserByLogin(deps.db, login);
  if (!user) throw new AppError('ADMIN_USER_NOT_FOUND');
  await setUserRole(deps, user.id, 'admin');
  return listAdmins(deps, askingId);
}
