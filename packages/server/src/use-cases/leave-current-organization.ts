import type { DbOrTx } from '../db/client';
import { lockFundOfOrganization } from '../db/fund.repository';
import { lockRequestsOfOrganization } from '../db/request.repository';
import type { UserRow } from '../db/user.repository';
import type { Deps } from '../deps';
import { applyFundCommand } from './fund/apply-fund-command';
import { assertMayLeave, removeFromOrganization } from './membership';
import { applyRequestCommand } from './requests/apply-request-command';

/**
 * Leaving, whichever way (leave, join another, delete the account), in the caller's
 * transaction: refused under the leave rule; the fund forgets the member (a voter stops being
 * one, a participant before the first round leaves the cycle); their queued funding requests
 * are cancelled (they hold no money: an active one forbids leaving); then the membership ends.
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
  let requests = await lockRequestsOfOrganization(tx, user.familyId);
  const queued = requests.state.requests.filter((r) => r.ownerId === user.id && r.status === 'pending');
  for (const request of queued) {
    const { kept } = await applyRequestCommand(tx, deps, requests, {
      type: 'CancelRequest',
      requestId: request.id,
      userId: user.id,
    });
    requests = { ...requests, state: kept, version: requests.version + 1 };
  }
  await removeFromOrganization(tx, user, now);
}
