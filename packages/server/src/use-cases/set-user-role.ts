import type { Role } from '@giro/contract/admin';
import { and, eq, isNull } from 'drizzle-orm';
import { users } from '../db/schema';
import type { Deps } from '../deps';
import { AppError } from '../errors';

/**
 * An admin grants or removes the admin role (domain.md, Users and accounts, Admin). The role is
 * never taken from the last admin: the admins' rows are locked first, so two admins removing
 * each other at the same moment cannot both succeed and leave nobody to run the platform.
 */
export async function setUserRole(
  deps: Deps,
  userId: string,
  role: Role,
): Promise<{ id: string; role: Role }> {
  return deps.db.transaction(async (tx) => {
    if (role === 'member') {
      const admins = await tx
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.role, 'admin'), isNull(users.deletedAt)))
        .orderBy(users.id)
        .for('update');
      if (admins.length === 1 && admins[0]!.id === userId) throw new AppError('LAST_ADMIN');
    }
    const [row] = await tx
      .update(users)
      .set({ role })
      .where(and(eq(users.id, userId), isNull(users.deletedAt)))
      .returning({ id: users.id });
    if (!row) throw new AppError('NOT_FOUND');
    return { id: row.id, role };
  });
}
