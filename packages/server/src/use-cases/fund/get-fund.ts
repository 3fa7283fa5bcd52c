import type { FundView, Risk } from '@giro/contract/fund';
import type { Contribution, CycleHistory, FundState } from '@giro/domain/fund/fund-types';
import { analyseRisk } from '@giro/domain/fund/risk';
import type { DbOrTx } from '../../db/client';
import { unpaidDebtsByDebtor } from '../../db/debt.repository';
import {
  findFundOfOrganization,
  fundHistoryOf,
  fundWithSettledContributions,
  organizationMembers,
} from '../../db/fund.repository';
import type { UserRow } from '../../db/user.repository';
import type { Deps } from '../../deps';
import { AppError } from '../../errors';
import { fundViewOf, snapshotOf } from '../organization-snapshot';
import { fundContext } from './apply-fund-command';

/** The caller's organization's fund; another organization's id is 404, as if it did not exist. */
async function loadFund(db: DbOrTx, user: UserRow, fundId?: string) {
  if (!user.familyId) throw new AppError('NO_ROTATING_FUND');
  const fund = await findFundOfOrganization(db, user.familyId);
  if (!fund || (fundId !== undefined && fund.id !== fundId)) throw new AppError('NO_ROTATING_FUND');
  return { fund, organizationId: user.familyId };
}

/** The fund view, from the organization's snapshot: the fund and its members in one statement. */
export async function getFund(deps: Deps, user: UserRow, fundId?: string): Promise<FundView> {
  const snapshot = await snapshotOf(deps, user);
  const view = snapshot ? fundViewOf(snapshot, deps.config) : null;
  if (!view || (fundId !== undefined && snapshot?.fund?.id !== fundId))
    throw new AppError('NO_ROTATING_FUND');
  return view;
}

export async function getFundState(deps: Deps, user: UserRow, fundId: string): Promise<FundState> {
  return (await loadFund(deps.db, user, fundId)).fund.state;
}

/** The fund's completed cycles, oldest first; another organization's fund is 404, as in `loadFund`. */
export async function getFundHistory(deps: Deps, user: UserRow, fundId: string): Promise<CycleHistory[]> {
  if (!user.familyId) throw new AppError('NO_ROTATING_FUND');
  const fund = await fundHistoryOf(deps.db, user.familyId);
  if (!fund || fund.id !== fundId) throw new AppError('NO_ROTATING_FUND');
  return fund.history;
}

/** The failure-risk analysis of the current round, with one reason per line (domain.md). */
export async function getFundRisk(deps: Deps, user: UserRow, fundId: string): Promise<Risk> {
  const { fund, organizationId } = await loadFund(deps.db, user, fundId);
  const members = await organizationMembers(deps.db, organizationId);
  const ctx = await fundContext(
    deps.db,
    deps,
    fund.state,
    members.map((m) => m.id),
  );
  const owed = await unpaidDebtsByDebtor(deps.db, organizationId);
  const analysis = analyseRisk(fund.state, {
    now: ctx.now,
    hasPayoutAccount: ctx.hasPayoutAccount,
    // Manual payment is always open to a member, so nobody is without a usable method yet.
    hasPaymentMethod: () => true,
    pastLateCount: (userId) => fund.state.strikes[userId] ?? 0,
    unpaidDebtCents: (userId) => owed.get(userId) ?? 0,
  });
  return { score: analysis.score, reasons: analysis.reasons };
}

/**
 * The caller's own fund contributions, newest first (GET /api/monthly-contributions): those still
 * in the fund's state and those its payouts and completed cycles settled (ADR 0041).
 */
export function myContributions(state: FundState, settled: readonly Contribution[], userId: string) {
  return [...settled, ...state.contributions]
    .filter((c) => c.contributorId === userId)
    .sort((a, b) => b.at - a.at)
    .map((c) => {
      const at = new Date(c.at);
      return {
        id: c.id,
        fundId: state.fundId,
        amountCents: c.amountCents,
        month: at.getUTCMonth() + 1,
        year: at.getUTCFullYear(),
        method: c.method,
        status: c.status,
        cycleNumber: c.cycleNumber,
        roundNumber: c.roundNumber,
        message: null,
      };
    });
}

export async function getMyContributions(deps: Deps, user: UserRow) {
  if (!user.familyId) return [];
  const fund = await fundWithSettledContributions(deps.db, user.familyId, user.id);
  return fund ? myContributions(fund.state, fund.settled, user.id) : [];
}
