import type { DbOrTx } from '../db/client';
import { lockFundOfOrganization } from '../db/fund.repository';
import type { UserRow } from '../db/user.repository';
import type { Deps } from '../deps';
import { applyFundCommand } from './fund/apply-fund-command';
import { assertMayLeave, removeFromOrganization } from './membership';

/**
 * Leaving, whichever way (leave, join another, delete the account), in the caller's
 * transaction: refused under the leave rule; the fund forgets the member (a voter stops being
 * one, a participant before the first round leaves the cycle); then the membership ends.
 */
export async function leaveCurrentOrganization(
  tx: DbOrTx,
  deps: Pick<Deps, 'clock' | 'config'>,
  user: UserRow,
  now: Date,
): Promise<void> {
  if (!user.familyId) return;
  await assertMayLeave(tx, user);
  const fund = await lockFundOfOrganization(tx, user.familyId);
  if (fund) await applyFundCommand(tx, deps, fund, { type: 'MemberLeft', userId: user.id });
  await removeFromOrganization(tx, user, now);
}
