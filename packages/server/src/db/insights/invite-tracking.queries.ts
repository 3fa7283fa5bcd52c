import type { InviteCodeStats, InviteDay, InviteFunnel } from '@giro/contract/admin-insights';
import type { OrganizationType } from '@giro/domain/organization';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../client';
import { counterSeries, counterTotals, sumOf } from './counters.queries';
import { ratio, rowsOf } from './rows';

/**
 * Invite tracking (domain.md, Organizations: every use of a code is an `invite_events` row),
 * read from what the trigger on `invite_events` keeps: `invite_code_stats` per code, and the
 * `invites` insight counters per day (migration 0007).
 */
const funnel = sql`count(*) filter (where kind = 'visit')::int as visits,
  count(*) filter (where kind = 'registration')::int as registrations,
  count(*) filter (where kind = 'join')::int as joins,
  count(*) filter (where kind = 'conversion')::int as conversions`;

/** The funnel's kinds: `issued` and `revoked` rows only date a tester invite's life. */
const tracked = sql`kind in ('visit', 'registration', 'join', 'conversion')`;

type FunnelRow = Omit<InviteFunnel, 'conversionRate'>;
const withRate = <T extends FunnelRow>(row: T) => ({
  ...row,
  conversionRate: ratio(row.conversions, row.visits),
});

const NO_FUNNEL: FunnelRow = { visits: 0, registrations: 0, joins: 0, conversions: 0 };

/** Every code's funnel added up, all time, and how many codes have been used (one row per code). */
export async function inviteTotals(db: DbOrTx) {
  const [row] = await rowsOf<FunnelRow & { code_count: number }>(
    db,
    sql`select coalesce(sum(visits), 0)::int as visits, coalesce(sum(registrations), 0)::int as registrations,
          coalesce(sum(joins), 0)::int as joins, coalesce(sum(conversions), 0)::int as conversions,
          count(*)::int as code_count
        from invite_code_stats`,
  );
  const { code_count: codeCount, ...counts } = row ?? { ...NO_FUNNEL, code_count: 0 };
  return { totals: withRate(counts), codeCount };
}

/** The funnel of every code since `since` (a UTC day's start), from the daily counters. */
export async function inviteTotalsSince(db: DbOrTx, since: Date) {
  const rows = await counterTotals(db, ['invites'], since);
  const count = (kind: string) => sumOf(rows, 'invites', kind);
  return withRate({
    visits: count('visit'),
    registrations: count('registration'),
    joins: count('join'),
    conversions: count('conversion'),
  });
}

/** The busiest codes (most visits, then the most recently used), each with its organization. */
export async function inviteCodes(db: DbOrTx, limit: number): Promise<InviteCodeStats[]> {
  const rows = await rowsOf<
    FunnelRow & {
      code: string;
      organization_id: string | null;
      name: string | null;
      type: string | null;
      last_at: Date | string;
    }
  >(
    db,
    // Nulls last as the index has them (the columns hold none), so that it is read in order.
    sql`select s.code, s.organization_id, s.visits, s.registrations, s.joins, s.conversions, s.last_at,
          o.name, o.type
        from (select * from invite_code_stats
          order by visits desc nulls last, last_at desc nulls last limit ${limit}) s
        left join organizations o on o.id = s.organization_id
        order by s.visits desc, s.last_at desc`,
  );
  return rows.map((row) =>
    withRate({
      code: row.code,
      source: row.organization_id ? ('organization' as const) : ('tester' as const),
      organizationId: row.organization_id,
      organizationName: row.name,
      organizationType: row.type as OrganizationType | null,
      visits: row.visits,
      registrations: row.registrations,
      joins: row.joins,
      conversions: row.conversions,
      lastAt: new Date(row.last_at).toISOString(),
    }),
  );
}

/**
 * Visits, registrations (and joins) and conversions per UTC day since `since` (a UTC day's
 * start): of every code from the daily counters, of one code from its events (by the code index).
 */
export async function inviteSeries(db: DbOrTx, since: Date, code?: string): Promise<InviteDay[]> {
  const rows = code
    ? await rowsOf<FunnelRow & { day: string }>(
        db,
        sql`select to_char(created_at at time zone 'UTC', 'YYYY-MM-DD') as day, ${funnel}
            from invite_events
            where code = ${code} and created_at >= ${since.toISOString()}::timestamptz and ${tracked}
            group by 1`,
      )
    : dailyFunnel(await counterSeries(db, ['invites'], since));
  return rows.map((row) => ({
    day: row.day,
    visits: row.visits,
    registrations: row.registrations + row.joins,
    conversions: row.conversions,
  }));
}

function dailyFunnel(rows: readonly { label: string; day: string; value: number }[]) {
  const days = new Map<string, FunnelRow & { day: string }>();
  const keys: Record<string, keyof FunnelRow> = {
    visit: 'visits',
    registration: 'registrations',
    join: 'joins',
    conversion: 'conversions',
  };
  for (const row of rows) {
    const day = days.get(row.day) ?? { day: row.day, ...NO_FUNNEL };
    const key = keys[row.label];
    if (key) day[key] += row.value;
    days.set(row.day, day);
  }
  return [...days.values()];
}

export interface TesterInviteStatsRow {
  id: string;
  code: string;
  email: string | null;
  created_at: Date | string;
  expires_at: Date | string;
  used_at: Date | string | null;
  revoked_at: Date | string | null;
  visits: number;
  conversions: number;
}

/** The newest tester invites with their visits and conversions. */
export async function testerInviteStats(db: DbOrTx, limit: number): Promise<TesterInviteStatsRow[]> {
  return rowsOf<TesterInviteStatsRow>(
    db,
    sql`select ti.id, ti.code, ti.email, ti.created_at, ti.expires_at, ti.used_at, ti.revoked_at,
          coalesce(e.visits, 0)::int as visits, coalesce(e.conversions, 0)::int as conversions
        from (select * from tester_invites order by created_at desc limit ${limit}) ti
        left join lateral (
          select count(*) filter (where kind = 'visit') as visits,
            count(*) filter (where kind = 'conversion') as conversions
          from invite_events where tester_invite_id = ti.id) e on true
        order by ti.created_at desc`,
  );
}

/** Tester invites that can still be used. */
export async function activeTesterInviteCount(db: DbOrTx, now: Date): Promise<number> {
  const [row] = await rowsOf<{ n: number }>(
    db,
    sql`select count(*)::int as n from tester_invites
        where used_at is null and revoked_at is null and expires_at > ${now.toISOString()}::timestamptz`,
  );
  return row?.n ?? 0;
}
