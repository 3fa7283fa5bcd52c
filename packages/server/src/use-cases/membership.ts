import { leaveBlockers as domainLeaveBlockers } from '@giro/domain/leave';
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { findFundOfOrganization } from '../db/fund.repository';
import { countMembers, lockOrganizationMembership } from '../db/organization.repository';
import { findRequestsOfOrganization } from '../db/request.repository';
import { organizations, users } from '../db/schema';
import type { UserRow } from '../db/user.repository';
import { AppError } from '../errors';
import { enqueueMembershipChange } from '../realtime/enqueue-realtime';

/**
 * What keeps a member from leaving or deleting the account: the domain's leave rule
 * (domain.md, Leaving) on their organization's fund and requests.
 */
export async function leaveBlockers(tx: DbOrTx, user: UserRow): Promise<string[]> {
  if (!user.familyId) return [];
  const fund = await findFundOfOrganization(tx, user.familyId);
  const requests = await findRequestsOfOrganization(tx, user.familyId);
  return domainLeaveBlockers(user.id, fund?.state ?? null, requests.state);
}

/** A first look, before the confirmation step (account deletion's link): nothing locked. */
export async function assertMayLeave(tx: DbOrTx, user: UserRow): Promise<void> {
  const blockers = await leaveBlockers(tx, user);
  if (blockers.length > 0) throw new AppError('LEAVE_REFUSED', { reasons: blockers });
}

/** The leave rule on the states as the caller locked them (leave-current-organization.ts). */
export function refuseUnlessMayLeave(
  user: UserRow,
  fund: Parameters<typeof domainLeaveBlockers>[1],
  requests: Parameters<typeof domainLeaveBlockers>[2],
): void {
  const blockers = domainLeaveBlockers(user.id, fund, requests);
  if (blockers.length > 0) throw new AppError('LEAVE_REFUSED', { reasons: blockers });
}

/** Takes the user out of their organization; the last member out closes it (its rows stay). */
export async function removeFromOrganization(tx: DbOrTx, user: UserRow, now: Date): Promise<void> {
  if (!user.familyId) return;
  // Locked before counting: two last members leaving at once each counted the other and left
  // it open and empty; a join at the same moment waits, and finds it closed or is counted.
  await lockOrganizationMembership(tx, user.familyId);
  await tx.update(users).set({ familyId: null, memberSince: null }).where(eq(users.id, user.id));
  await enqueueMembershipChange(tx, user.id, null, now);
  if ((await countMembers(tx, user.familyId)) === 0) {
    await tx.update(organizations).set({ closedAt: now }).where(eq(organizations.id, user.familyId));
  }
}

export async function addToOrganization(tx: DbOrTx, userId: string, organizationId: string, now: Date) {
  await tx.update(users).set({ familyId: organizationId, memberSince: now }).where(eq(users.id, userId));
  await enqueueMembershipChange(tx, userId, organizationId, now);
}
