import type { Dashboard } from '@giro/contract/dashboard';
import { findFundOfOrganization } from '../db/fund.repository';
import { userTotals } from '../db/ledger.queries';
import type { UserRow } from '../db/user.repository';
import type { Deps } from '../deps';
import { completedCyclesOf } from './fund/completed-cycles';
import { getOrganization, listMembers } from './get-organization';
import { dashboardRequests } from './requests/get-requests';

/** GET /api/dashboard: personal stats from the ledger, the organization, the leaderboard, the requests. */
export async function getDashboard(deps: Deps, user: UserRow): Promise<Dashboard> {
  const [totals, organization, leaderboard, fund, requests] = await Promise.all([
    userTotals(deps.db, user.id),
    user.familyId ? getOrganization(deps.db, user) : Promise.resolve(null),
    user.familyId ? listMembers(deps.db, user.familyId) : Promise.resolve([]),
    user.familyId ? findFundOfOrganization(deps.db, user.familyId) : Promise.resolve(undefined),
    dashboardRequests(deps.db, user.familyId),
  ]);
  return {
    userStats: {
      totalGivenCents: totals.givenCents,
      totalReceivedCents: totals.receivedCents,
      currentBalanceCents: totals.receivedCents - totals.givenCents,
      completedCycles: fund ? completedCyclesOf(fund.state, user.id) : 0,
    },
    organization,
    leaderboard,
    ...requests,
  };
}
