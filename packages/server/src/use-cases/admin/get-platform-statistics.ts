import type { PlatformStatistics } from '@giro/contract/admin-insights';
import type { FundState } from '@giro/domain/fund/fund-types';
import { statusOf } from '@giro/domain/fund/rules';
import type { OrganizationType } from '@giro/domain/organization';
import {
  fundsByPhase,
  growthSeries,
  moneyTotals,
  organizationsByType,
  userCounts,
} from '../../db/insights/platform-statistics.queries';
import { lastDays, periodStart } from '../../db/insights/rows';
import type { Deps } from '../../deps';

/** GET /api/admin/statistics: users, organizations, funds, money from the ledger, growth per day. */
export async function getPlatformStatistics(deps: Deps, days: number): Promise<PlatformStatistics> {
  const now = deps.clock.now();
  const [users, organizations, phases, money, growth] = await Promise.all([
    userCounts(deps.db),
    organizationsByType(deps.db),
    fundsByPhase(deps.db),
    moneyTotals(deps.db),
    growthSeries(deps.db, periodStart(now, days)),
  ]);
  const byStatus = new Map<PlatformStatistics['funds']['byStatus'][number]['status'], number>();
  for (const { phase, count } of phases) {
    const status = statusOf({ phase } as FundState);
    byStatus.set(status, (byStatus.get(status) ?? 0) + count);
  }
  return {
    days,
    users,
    organizations: {
      total: organizations.reduce((sum, row) => sum + row.total, 0),
      open: organizations.reduce((sum, row) => sum + row.open, 0),
      byType: organizations.map((row) => ({ type: row.type as OrganizationType, count: row.total })),
    },
    funds: {
      total: phases.reduce((sum, row) => sum + row.count, 0),
      byStatus: [...byStatus].map(([status, count]) => ({ status, count })),
    },
    money,
    series: lastDays(now, days).map((day) => ({
      day,
      newUsers: growth.newUsers.get(day) ?? 0,
      newOrganizations: growth.newOrganizations.get(day) ?? 0,
      movedCents: growth.moved.get(day)?.movedCents ?? 0,
      feesCents: growth.moved.get(day)?.feesCents ?? 0,
    })),
  };
}
