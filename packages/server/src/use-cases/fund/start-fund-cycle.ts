import { randomBytes, randomUUID } from 'node:crypto';
import type { FundView } from '@giro/contract/fund';
import { emptyFund } from '@giro/domain/fund/evolve';
import { lockOrCreateFund, organizationMembers } from '../../db/fund.repository';
import type { UserRow } from '../../db/user.repository';
import type { Deps } from '../../deps';
import { AppError } from '../../errors';
import { fundView } from '../../views/fund.view';
import { applyFundCommand } from './apply-fund-command';

/**
 * POST /api/rotating-fund: creates the organization's fund, or starts its next cycle. Either
 * way voting opens for the current members, and the server commits to the draw's secret nonce
 * now, before any vote exists (domain.md, the provably fair draw).
 */
export async function startFundCycle(deps: Deps, user: UserRow): Promise<FundView> {
  if (!user.familyId) throw new AppError('NOT_IN_ORGANIZATION');
  const organizationId = user.familyId;
  const view = await deps.db.transaction(async (tx) => {
    // Two members pressing "create" at once: the fund's key decides who is first. Not the
    // organization's row FOR UPDATE, as it was: a fund command holds the fund and writes rows
    // naming the organization (their keys' KEY SHARE), so the two waited for each other.
    const fund = await lockOrCreateFund(tx, organizationId, emptyFund(randomUUID()), deps.clock.now());
    const members = await organizationMembers(tx, organizationId);
    const { state } = await applyFundCommand(
      tx,
      deps,
      fund,
      {
        type: 'OpenVoting',
        members: members.map((m) => m.id),
        nonce: randomBytes(32).toString('hex'),
      },
      { members },
    );
    return fundView(state, members, deps.config);
  });
  deps.kickOutbox();
  deps.kickDeadlines();
  return view;
}
