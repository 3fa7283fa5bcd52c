import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from './client';
import { users } from './schema';

export type UserRow = typeof users.$inferSelect;

export async function findUserById(db: DbOrTx, id: string): Promise<UserRow | undefined> {
  const [row] = await db
    .select()
    .from(users)
    .where(and(eq(users.id, id), isNull(users.deletedAt)))
    .limit(1);
  return row;
}

/** Sign-in accepts the username or the email, case-insensitively. */
export async function findUserByLogin(db: DbOrTx, login: string): Promise<UserRow | undefined> {
  const lowered = login.trim().toLowerCase();
  const [row] = await db
    .select()
    .from(users)
    .where(
      and(
        isNull(users.deletedAt),
        sql`(lower(${users.username}) = ${lowered} or lower(${users.email}) = ${lowered})`,
      ),
    )
    .limit(1);
  return row;
}

export async function findUserByEmail(db: DbOrTx, email: string): Promise<UserRow | undefined> {
  const [row] = await db
    .select()
    .from(users)
    .where(and(isNull(users.deletedAt), sql`lower(${users.email}) = ${email.trim().toLowerCase()}`))
    .limit(1);
  return row;
}

/** Locks the user's row for the rest of the transaction (membership changes, deletion). */
export async function lockUser(tx: DbOrTx, id: string): Promise<UserRow | undefined> {
  const [row] = await tx
    .select()
    .from(users)
    .where(and(eq(users.id, id), isNull(users.deletedAt)))
    // NO KEY UPDATE: enough to keep two changes of one member apart, and it lets the rows that
    // merely name the member (a notification, an event: their foreign keys' KEY SHARE) be
    // written meanwhile. FOR UPDATE made a leave, holding its member, and a request command
    // that notified that member, each wait for the other: a deadlock, and a 500.
    .for('no key update')
    .limit(1);
  return row;
}

/** Where the member receives money from PayPal, or null when they have not set it (or were deleted). */
export async function paypalEmailOf(db: DbOrTx, id: string): Promise<string | null> {
  const [row] = await db
    .select({ paypalEmail: users.paypalEmail })
    .from(users)
    .where(and(eq(users.id, id), isNull(users.deletedAt)));
  return row?.paypalEmail || null;
}

/** The organization a user is in now (null: none, or no such user). */
export async function organizationIdOf(db: DbOrTx, id: string): Promise<string | null> {
  const [row] = await db
    .select({ familyId: users.familyId })
    .from(users)
    .where(and(eq(users.id, id), isNull(users.deletedAt)));
  return row?.familyId ?? null;
}

/** One member's display name (a notification names them), or undefined for an unknown id. */
export async function displayNameOf(db: DbOrTx, id: string): Promise<string | undefined> {
  return (await displayNames(db, [id])).get(id);
}

export async function displayNames(db: DbOrTx, ids: readonly string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: users.id, displayName: users.displayName })
    .from(users)
    .where(inArray(users.id, [...ids]));
  return new Map(rows.map((row) => [row.id, row.displayName]));
}
