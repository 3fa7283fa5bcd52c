import { type FundMetrics, fundPhases } from '@giro/contract/admin-insights';
import {
  cycleLengths,
  fundEventCounts,
  lateContributionCount,
  onTimeContributions,
  strikesAndDebts,
} from '../../db/insights/fund-metrics.queries';
import { fundsByPhase } from '../../db/insights/platform-statistics.queries';
import { ratio } from '../../db/insights/rows';
import type { Deps } from '../../deps';

type Phase = (typeof fundPhases)[number];
const ENDED: readonly Phase[] = ['completed', 'cancelled'];

/**
 * GET /api/admin/fund-metrics, from the funds' states and their events (the audit trail).
 * A contribution is on time unless it was paid after being missed (in a granted extension) or
 * its card was declined; a miss whose vote was withdrawn (a manual payment confirmed late, but
 * declared in time) is not a miss. Every emergency vote ends as wait, skip, expel or withdrawn,
 * or is still open.
 */
export async function getFundMetrics(deps: Deps): Promise<FundMetrics> {
  const [phases, events, late, holdings, cycles] = await Promise.all([
    fundsByPhase(deps.db),
    fundEventCounts(deps.db),
    lateContributionCount(deps.db),
    strikesAndDebts(deps.db),
    cycleLengths(deps.db),
  ]);
  const count = (phase: Phase) => phases.find((row) => row.phase === phase)?.count ?? 0;
  const onTime = onTimeContributions(events, late);
  const missed = Math.max(0, events.ContributionMissed - events.EmergencyVoteWithdrawn);
  const resolved =
    events.ExtensionGranted +
    events.ContributionSkipped +
    events.expelledByVote +
    events.EmergencyVoteWithdrawn;
  return {
    funds: {
      total: phases.reduce((sum, row) => sum + row.count, 0),
      running: fundPhases
        .filter((phase) => !ENDED.includes(phase))
        .reduce((sum, phase) => sum + count(phase), 0),
    },
    byPhase: fundPhases.map((phase) => ({ phase, count: count(phase) })),
    contributions: {
      onTime,
      late,
      failed: events.ContributionFailed,
      missed,
      onTimeRate: ratio(onTime, onTime + missed),
    },
    emergencyVotes: {
      wait: events.ExtensionGranted,
      skip: events.ContributionSkipped,
      expel: events.expelledByVote,
      withdrawn: events.EmergencyVoteWithdrawn,
      open: Math.max(0, events.ContributionMissed - resolved),
    },
    strikes: holdings.strikes,
    recipientTimeouts: events.RecipientTimedOut,
    payoutFailures: events.DistributionFailed,
    debts: holdings.debts,
    cycles,
  };
}
