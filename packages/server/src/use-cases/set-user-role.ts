import type { Role } from '@giro/contract/admin';
import { and, eq, isNull } from 'drizzle-orm';
import { users } from '../db/schema';
import type { Deps } from '../deps';
import { AppError } from '../errors';

/** An admin grants or removes the admin role (domain.md, Users and accounts, Admin). */
export async function setUserRole(
  deps: Deps,
  userId: string,
  role: Role,
): Promise<{ id: string; role: Role }> {
  const [row] = await deps.db
    .update(users)
    .set({ role })
    .where(and(eq(users.id, userId), isNull(users.deletedAt)))
    .returning({ id: users.id });
  if (!row) throw new AppError('NOT_FOUND');
  return { id: row.id, role };
}
