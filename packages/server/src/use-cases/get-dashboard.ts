import type { Dashboard } from '@giro/contract/dashboard';
import { deepFreeze } from '@giro/domain/deep-freeze';
import { memberCyclesOf } from '@giro/domain/fund/cycles';
import { userTotals } from '../db/ledger.queries';
import type { OrganizationSnapshot } from '../db/organization-snapshot.queries';
import type { UserRow } from '../db/user.repository';
import type { Deps } from '../deps';
import { leaderboardOf, organizationOf, requestsOverviewOf, snapshotOf } from './organization-snapshot';

/**
 * Dashboards built from a snapshot, one per snapshot: a kept snapshot is one member's
 * (db/snapshot-cache.ts) and serves their every poll while nothing in it changes. Besides the
 * snapshot a dashboard shows only when the member joined, kept beside it and compared.
 */
const dashboards = new WeakMap<OrganizationSnapshot, { memberSinceMs: number; dashboard: Dashboard }>();

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
  const memberSinceMs = (user.memberSince ?? user.createdAt).getTime();
  const built = dashboards.get(snapshot);
  if (built && built.memberSinceMs === memberSinceMs) return built.dashboard;
  const overview = await requestsOverviewOf(deps.db, snapshot);
  const totals = snapshot.own;
  const dashboard: Dashboard = {
    userStats: {
      totalGivenCents: totals.givenCents,
      totalReceivedCents: totals.receivedCents,
      currentBalanceCents: totals.receivedCents - totals.givenCents,
      completedCycles: snapshot.fund ? memberCyclesOf(snapshot.fund.state, user.id) : 0,
    },
    organization: organizationOf(snapshot, user),
    leaderboard: leaderboardOf(snapshot),
    activeRequest: overview.active,
    queuedRequests: overview.queued,
  };
  // Kept only when the overview was (it names no former member, whose name it reads each time).
  if (Object.isFrozen(overview))
    dashboards.set(snapshot, { memberSinceMs, dashboard: deepFreeze(dashboard) });
  return dashboard;
}
