import { activeParticipants } from '@giro/domain/fund/rules';
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { findFundOfOrganization } from '../db/fund.repository';
import { countMembers } from '../db/organization.repository';
import { organizations, users } from '../db/schema';
import type { UserRow } from '../db/user.repository';
import { AppError } from '../errors';
import { enqueueMembershipChange } from '../realtime/enqueue-realtime';

/**
 * What keeps a member from leaving or deleting the account (domain.md, Leaving): a fund round
 * in progress in which they take part, a missed contribution owed. (An active request owned
 * joins with the requests issue.)
 */
export async function leaveBlockers(tx: DbOrTx, user: UserRow): Promise<string[]> {
  if (!user.familyId) return [];
  const fund = await findFundOfOrganization(tx, user.familyId);
  if (!fund) return [];
  const state = fund.state;
  const reasons: string[] = [];
  const inRound = state.phase === 'collecting' || state.phase === 'awaiting_withdrawal';
  if (inRound && activeParticipants(state).includes(user.id)) reasons.push('fund_round_in_progress');
  if ((state.debts[user.id] ?? 0) > 0) reasons.push('missed_contribution_owed');
  return reasons;
}

export async function assertMayLeave(tx: DbOrTx, user: UserRow): Promise<void> {
  const blockers = await leaveBlockers(tx, user);
  if (blockers.length > 0) throw new AppError('LEAVE_REFUSED', { reasons: blockers });
}

/** Takes the user out of their organization; the last member out closes it (its rows stay). */
export async function removeFromOrganization(tx: DbOrTx, user: UserRow, now: Date): Promise<void> {
  if (!user.familyId) return;
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
