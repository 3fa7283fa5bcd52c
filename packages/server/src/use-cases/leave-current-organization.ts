import type { DbOrTx } from '../db/client';
import { lockFundOfOrganization } from '../db/fund.repository';
import { lockRequestsOfOrganization } from '../db/request.repository';
import type { UserRow } from '../db/user.repository';
import type { Deps } from '../deps';
import { applyFundCommand } from './fund/apply-fund-command';
import { refuseUnlessMayLeave, removeFromOrganization } from './membership';
import { cancelOwnRequests } from './requests/cancel-own-requests';

/**
 * Leaving, whichever way (leave, join another, delete the account), in the caller's
 * transaction: refused under the leave rule; the fund forgets the member (a voter stops being
 * one, a participant before the first round leaves the cycle); their queued funding requests
 * are cancelled (they hold no money: an active one forbids leaving); then the membership ends.
 *
 * The rule is checked on the fund and the requests as locked, before anything is written: read
 * before the locks, a request of theirs queued then could be activated by a command that ended
 * the one before it meanwhile, and an ex-member would own an active request that pays out to
 * them. Both locks come before the first write, which moves the organization's socket sequence,
 * so a request command holding the requests (and waiting for that sequence) cannot deadlock with it.
 */
export async function leaveCurrentOrganization(
  tx: DbOrTx,
  deps: Pick<Deps, 'clock' | 'config'>,
  user: UserRow,
  now: Date,
): Promise<void> {
  if (!user.familyId) return;
  const fund = await lockFundOfOrganization(tx, user.familyId);
  const requests = await lockRequestsOfOrganization(tx, user.familyId);
  refuseUnlessMayLeave(user, fund?.state ?? null, requests.state);
  if (fund) await applyFundCommand(tx, deps, fund, { type: 'MemberLeft', userId: user.id });
  // Queued ones (an active one forbade leaving); active too, for one of theirs that the end of
  // another's 30 days activates here: it holds nothing yet, and must not stay with someone gone.
  await cancelOwnRequests(tx, deps, requests, user.id, ['pending', 'active']);
  await removeFromOrganization(tx, user, now);
}
