import type { Dashboard } from '@giro/contract/dashboard';
import { userTotals } from '../db/ledger.queries';
import type { UserRow } from '../db/user.repository';
import type { Deps } from '../deps';
import { getOrganization, listMembers } from './get-organization';

/**
 * GET /api/dashboard: personal stats from the ledger, the organization, the leaderboard.
 * Cycles and requests join with their issues; until then they are zero and empty.
 */
export async function getDashboard(deps: Deps, user: UserRow): Promise<Dashboard> {
  const [totals, organization, leaderboard] = await Promise.all([
    userTotals(deps.db, user.id),
    user.familyId ? getOrganization(deps.db, user) : Promise.resolve(null),
    user.familyId ? listMembers(deps.db, user.familyId) : Promise.resolve([]),
  ]);
  return {
    userStats: {
      totalGivenCents: totals.givenCents,
      totalReceivedCents: totals.receivedCents,
      currentBalanceCents: totals.receivedCents - totals.givenCents,
      completedCycles: 0,
    },
    organization,
    leaderboard,
    queuedRequests: [],
    activeRequest: null,
  };
}
