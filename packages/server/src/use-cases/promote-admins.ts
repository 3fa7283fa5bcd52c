import { and, inArray, ne, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { users } from '../db/schema';

/**
 * ADMIN_EMAILS at start-up (architecture.md, Configuration): the accounts already registered
 * under those emails become admins. Registration applies the same list to new accounts.
 * `emails` are lower-case, as loadConfig gives them. Returns how many accounts were promoted.
 */
export async function promoteAdmins(db: Db, emails: readonly string[]): Promise<number> {
  if (emails.length === 0) return 0;
  const promoted = await db
    .update(users)
    .set({ role: 'admin' })
    .where(and(inArray(sql`lower(${users.email})`, [...emails]), ne(users.role, 'admin')))
    .returning({ id: users.id });
  return promoted.length;
}
