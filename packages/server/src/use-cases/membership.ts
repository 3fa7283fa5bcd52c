import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { countMembers } from '../db/organization.repository';
import { organizations, users } from '../db/schema';
import type { UserRow } from '../db/user.repository';
import { AppError } from '../errors';

/**
 * What keeps a member from leaving or deleting the account (domain.md, Leaving): a fund round
 * in progress, a missed contribution owed, an active request owned. Funds and requests arrive
 * with their own issues and add their checks here; until then nothing blocks.
 */
export async function leaveBlockers(_tx: DbOrTx, _user: UserRow): Promise<string[]> {
  return [];
}

export async function assertMayLeave(tx: DbOrTx, user: UserRow): Promise<void> {
  const blockers = await leaveBlockers(tx, user);
  if (blockers.length > 0) throw new AppError('LEAVE_REFUSED', { reasons: blockers });
}

/** Takes the user out of their organization; the last member out closes it (its rows stay). */
export async function removeFromOrganization(tx: DbOrTx, user: UserRow, now: Date): Promise<void> {
  if (!user.familyId) return;
  await tx.update(users).set({ familyId: null, memberSince: null }).where(eq(users.id, user.id));
  if ((await countMembers(tx, user.familyId)) === 0) {
    await tx.update(organizations).set({ closedAt: now }).where(eq(organizations.id, user.familyId));
  }
}

export async function addToOrganization(tx: DbOrTx, userId: string, organizationId: string, now: Date) {
  await tx.update(users).set({ familyId: organizationId, memberSince: now }).where(eq(users.id, userId));
}
