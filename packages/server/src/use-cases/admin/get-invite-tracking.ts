import type { InviteTracking, InviteTrackingQuery, TesterInviteStatus } from '@giro/contract/admin-insights';
import { normalizeInviteCode } from '@giro/domain/organization';
import {
  inviteCodes,
  inviteSeries,
  inviteTotals,
  type TesterInviteStatsRow,
  testerInviteStats,
} from '../../db/insights/invite-tracking.queries';
import { lastDays, periodStart } from '../../db/insights/rows';
import type { Deps } from '../../deps';

const CODE_LIMIT = 100;
const TESTER_INVITE_LIMIT = 200;

/**
 * GET /api/admin/invite-tracking: the funnel of every code (all time), the daily series of the
 * period (one code's, or all), and the tester invites with their visits and conversions.
 */
export async function getInviteTracking(deps: Deps, query: InviteTrackingQuery): Promise<InviteTracking> {
  const now = deps.clock.now();
  const code = query.code ? normalizeInviteCode(query.code) : undefined;
  const [{ totals, codeCount }, codes, series, testers] = await Promise.all([
    inviteTotals(deps.db),
    inviteCodes(deps.db, CODE_LIMIT),
    inviteSeries(deps.db, periodStart(now, query.days), code),
    testerInviteStats(deps.db, TESTER_INVITE_LIMIT),
  ]);
  const byDay = new Map(series.map((point) => [point.day, point]));
  return {
    days: query.days,
    totals,
    codes,
    codeCount,
    series: lastDays(now, query.days).map(
      (day) => byDay.get(day) ?? { day, visits: 0, registrations: 0, conversions: 0 },
    ),
    testerInvites: testers.map((row) => ({
      id: row.id,
      code: row.code,
      url: `${deps.config.publicUrl}/invite/${row.code}`,
      email: row.email,
      status: testerInviteStatus(row, now),
      createdAt: iso(row.created_at),
      expiresAt: iso(row.expires_at),
      usedAt: row.used_at ? iso(row.used_at) : null,
      revokedAt: row.revoked_at ? iso(row.revoked_at) : null,
      visits: row.visits,
      conversions: row.conversions,
    })),
  };
}

const iso = (value: Date | string) => new Date(value).toISOString();

export function testerInviteStatus(
  row: Pick<TesterInviteStatsRow, 'used_at' | 'revoked_at' | 'expires_at'>,
  now: Date,
): TesterInviteStatus {
  if (row.used_at) return 'used';
  if (row.revoked_at) return 'revoked';
  return new Date(row.expires_at) > now ? 'active' : 'expired';
}
