import type { InviteCodeStats, InviteDay, InviteFunnel } from '@giro/contract/admin-insights';
import type { OrganizationType } from '@giro/domain/organization';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../client';
import { ratio, rowsOf } from './rows';

/**
 * Invite tracking (domain.md, Organizations: every use of a code is an `invite_events` row).
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

export async function inviteTotals(db: DbOrTx, since?: Date) {
  const [row] = await rowsOf<FunnelRow & { code_count: number }>(
    db,
    sql`select ${funnel}, count(distinct code)::int as code_count from invite_events
        where ${tracked} ${since ? sql`and created_at >= ${since.toISOString()}::timestamptz` : sql``}`,
  );
  const { code_count: codeCount, ...counts } = row ?? {
    visits: 0,
    registrations: 0,
    joins: 0,
    conversions: 0,
    code_count: 0,
  };
  return { totals: withRate(counts), codeCount };
}

/** The busiest codes (most visits, then the most recently used), each with its organization. */
export async function inviteCodes(db: DbOrTx, limit: number): Promise<InviteCodeStats[]> {
  const rows = await rowsOf<
    FunnelRow & {
      code: string;
      organization_id: string | null;
      tester_invite_id: string | null;
      name: string | null;
      type: string | null;
      last_at: Date | string | null;
    }
  >(
    db,
    sql`with codes as (
          select code, max(organization_id::text) as organization_id,
            max(tester_invite_id::text) as tester_invite_id, ${funnel}, max(created_at) as last_at
          from invite_events where ${tracked} group by code
          order by visits desc, last_at desc limit ${limit})
        select codes.*, o.name, o.type from codes
        left join organizations o on o.id = codes.organization_id::uuid
        order by visits desc, last_at desc`,
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
      lastAt: row.last_at ? new Date(row.last_at).toISOString() : null,
    }),
  );
}

/** Visits, registrations (and joins) and conversions per UTC day since `since`, for one code or all. */
export async function inviteSeries(db: DbOrTx, since: Date, code?: string): Promise<InviteDay[]> {
  const rows = await rowsOf<FunnelRow & { day: string }>(
    db,
    sql`select to_char(created_at at time zone 'UTC', 'YYYY-MM-DD') as day, ${funnel}
        from invite_events
        where created_at >= ${since.toISOString()}::timestamptz and ${tracked}
          ${code ? sql`and code = ${code}` : sql``}
        group by 1`,
  );
  return rows.map((row) => ({
    day: row.day,
    visits: row.visits,
    registrations: row.registrations + row.joins,
    conversions: row.conversions,
  }));
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
