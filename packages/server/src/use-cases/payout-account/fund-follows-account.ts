import type { DbOrTx } from '../../db/client';
import {
  findFundOfOrganization,
  lockFundOfOrganization,
  organizationMembers,
} from '../../db/fund.repository';
import { retriedOnDeadlock } from '../../db/pg-errors';
import { findUserById } from '../../db/user.repository';
import type { Deps } from '../../deps';
import { applyFundDecision, decideFundCommand, fundContext } from '../fund/apply-fund-command';

/**
 * A member's payout account changed (written in the caller's transaction): when they are their
 * fund's recipient and the round waits for them, the fund's state follows in the same
 * transaction (domain: `payoutAccountChanged`). An account that became active ends their 24
 * hours, so every member's view and call stops counting them down; one that stopped being
 * usable starts 24 hours again, so the round never waits without a deadline. The fund is read
 * first without a lock: most changes concern nobody's turn. It is locked whenever the round is
 * theirs, ready or not: a command making it ready meanwhile either waits for this change (and
 * reads the account after it) or has committed when this one reads the round. True when the
 * fund changed.
 */
export async function fundFollowsPayoutAccount(
  tx: DbOrTx,
  deps: Pick<Deps, 'clock' | 'config'>,
  userId: string,
): Promise<boolean> {
  const familyId = (await findUserById(tx, userId))?.familyId;
  if (!familyId) return false;
  const theirs = (round: { recipientId: string } | null | undefined) => round?.recipientId === userId;
  if (!theirs((await findFundOfOrganization(tx, familyId))?.state.round)) return false;
  const fund = await lockFundOfOrganization(tx, familyId);
  if (!fund || !theirs(fund.state.round)) return false;
  const members = await organizationMembers(tx, familyId);
  const ctx = await fundContext(
    tx,
    deps,
    fund.state,
    members.map((m) => m.id),
  );
  const decision = decideFundCommand(ctx, fund, { type: 'PayoutAccountChanged', userId });
  if (decision.events.length === 0) return false;
  await applyFundDecision(tx, deps, fund, decision, { members });
  return true;
}

/**
 * Writes a change of the member's payout account and has their fund follow it, in one
 * transaction: a crash between the two cannot leave a round counting down for an account that
 * is there, or waiting with no deadline for one that is gone. Their notices leave by the outbox.
 */
export async function changePayoutAccount(
  deps: Pick<Deps, 'db' | 'clock' | 'config' | 'kickOutbox' | 'kickDeadlines'>,
  userId: string,
  write: (tx: DbOrTx) => Promise<unknown>,
): Promise<void> {
  const moved = await retriedOnDeadlock(() =>
    deps.db.transaction(async (tx) => {
      await write(tx);
      return fundFollowsPayoutAccount(tx, deps, userId);
    }),
  );
  if (moved) deps.kickOutbox();
  deps.kickDeadlines();
}
