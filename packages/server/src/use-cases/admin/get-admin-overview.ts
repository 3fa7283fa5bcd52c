import type { AdminOverview } from '@giro/contract/admin-insights';
import {
  fundEventCounts,
  lateContributionCount,
  onTimeContributions,
} from '../../db/insights/fund-metrics.queries';
import { activeTesterInviteCount, inviteTotalsSince } from '../../db/insights/invite-tracking.queries';
import {
  fundsByPhase,
  moneyTotals,
  organizationsByType,
  userCounts,
} from '../../db/insights/platform-statistics.queries';
import { periodStart, ratio } from '../../db/insights/rows';
import type { Deps } from '../../deps';

/** The invite figures on the home page cover the last 30 days. */
export const OVERVIEW_DAYS = 30;

/** GET /api/admin/overview: the headline figure of each insight page, computed as that page does. */
export async function getAdminOverview(deps: Deps): Promise<AdminOverview> {
  const now = deps.clock.now();
  const [users, organizations, phases, money, invites, testers, events, late] = await Promise.all([
    userCounts(deps.db),
    organizationsByType(deps.db),
    fundsByPhase(deps.db),
    moneyTotals(deps.db),
    inviteTotalsSince(deps.db, periodStart(now, OVERVIEW_DAYS)),
    activeTesterInviteCount(deps.db, now),
    fundEventCounts(deps.db),
    lateContributionCount(deps.db),
  ]);
  const onTime = onTimeContributions(events, late);
  const missed = Math.max(0, events.ContributionMissed - events.EmergencyVoteWithdrawn);
  return {
    users: users.total - users.deleted,
    organizations: organizations.reduce((sum, row) => sum + row.open, 0),
    runningFunds: phases
      .filter((row) => row.phase !== 'completed' && row.phase !== 'cancelled')
      .reduce((sum, row) => sum + row.count, 0),
    movedCents: money.movedCents,
    feesCents: money.feesCents,
    inviteVisits: invites.visits,
    inviteConversionRate: invites.conversionRate,
    activeTesterInvites: testers,
    onTimeRate: ratio(onTime, onTime + missed),
    payoutFailures: events.DistributionFailed,
  };
}
