import type { Role } from '@giro/contract/admin';
import { and, eq, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { retriedOnDeadlock } from '../db/pg-errors';
import { users } from '../db/schema';
import type { Deps } from '../deps';
import { AppError } from '../errors';

/**
 * An admin grants or removes the admin role (domain.md, Users and accounts, Admin). The role is
 * never taken from the last admin: the admins' rows are locked first, so two admins removing
 * each other at the same moment cannot both succeed and leave nobody to run the platform.
 */
/**
 * Refuses (LAST_ADMIN) when `userId` is the only admin left: taking their role or their account
 * would leave nobody to run the platform (a deleted admin's address no longer matches
 * ADMIN_EMAILS either). The admins' rows are locked, in one order, by whoever asks.
 */
export async function refuseIfLastAdmin(tx: DbOrTx, userId: string): Promise<void> {
  const admins = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.role, 'admin'), isNull(users.deletedAt)))
    .orderBy(users.id)
    .for('update');
  if (admins.length === 1 && admins[0]!.id === userId) throw new AppError('LAST_ADMIN');
}

export async function setUserRole(
  deps: Deps,
  userId: string,
  role: Role,
): Promise<{ id: string; role: Role }> {
  // An admin deleting their account holds their own row, then asks for the admins' (in order):
  // PostgreSQL may end one of the two as a deadlock, which is only asked again.
  return retriedOnDeadlock(() => setRoleOnce(deps, userId, role));
}

function setRoleOnce(deps: Deps, userId: string, role: Role): Promise<{ id: string; role: Role }> {
  return deps.db.transaction(async (tx) => {
    if (role === 'member') await refuseIfLastAdmin(tx, userId);
    const [row] = await tx
      .update(users)
      .set({ role })
      .where(and(eq(users.id, userId), isNull(users.deletedAt)))
      .returning({ id: users.id });
    if (!row) throw new AppError('NOT_FOUND');
    return { id: row.id, role };
  });
}
