import type { Dashboard } from '@giro/contract/dashboard';
import { userTotals } from '../db/ledger.queries';
import type { UserRow } from '../db/user.repository';
import type { Deps } from '../deps';
import { requestsOverview } from '../views/request.view';
import { completedCyclesOf } from './fund/completed-cycles';
import {
  EMPTY_REQUESTS,
  leaderboardOf,
  organizationOf,
  requestNamesOf,
  snapshotOf,
} from './organization-snapshot';

/** GET /api/dashboard: personal stats from the ledger, the organization, the leaderboard, the requests. */
export async function getDashboard(deps: Deps, user: UserRow): Promise<Dashboard> {
  const snapshot = await snapshotOf(deps, user);
  if (!snapshot) {
    const totals = await userTotals(deps.db, user.id);
    return {
      userStats: {
        totalGivenCents: totals.givenCents,
        totalReceivedCents: totals.receivedCents,
        currentBalanceCents: totals.receivedCents - totals.givenCents,
        completedCycles: 0,
      },
      organization: null,
      leaderboard: [],
      activeRequest: null,
      queuedRequests: [],
    };
  }
  const { active, queued } = requestsOverview(
    snapshot.requests ?? EMPTY_REQUESTS,
    await requestNamesOf(deps.db, snapshot),
  );
  const totals = snapshot.own;
  return {
    userStats: {
      totalGivenCents: totals.givenCents,
      totalReceivedCents: totals.receivedCents,
      currentBalanceCents: totals.receivedCents - totals.givenCents,
      completedCycles: snapshot.fund ? completedCyclesOf(snapshot.fund.state, user.id) : 0,
    },
    organization: organizationOf(snapshot, user),
    leaderboard: leaderboardOf(snapshot),
    activeRequest: active,
    queuedRequests: queued,
  };
}
