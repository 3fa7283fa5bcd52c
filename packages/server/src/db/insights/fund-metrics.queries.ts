import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../client';
import { rowsOf } from './rows';

/** The fund events the metrics count, by type (an index on `type` serves each count). */
export const COUNTED_EVENTS = [
  'ContributionMade',
  'ContributionFailed',
  'ContributionMissed',
  'ExtensionGranted',
  'ContributionSkipped',
  'EmergencyVoteWithdrawn',
  'RecipientTimedOut',
  'DistributionFailed',
] as const;
export type CountedEvent = (typeof COUNTED_EVENTS)[number];

export async function fundEventCounts(db: DbOrTx): Promise<Record<CountedEvent | 'expelledByVote', number>> {
  const rows = await rowsOf<{ type: CountedEvent; n: number }>(
    db,
    sql`select type, count(*)::int as n from fund_events
        where type in (${sql.join(
          COUNTED_EVENTS.map((type) => sql`${type}`),
          sql`, `,
        )}) group by type`,
  );
  const [expelled] = await rowsOf<{ n: number }>(
    db,
    sql`select count(*)::int as n from fund_events
        where type = 'MemberExpelled' and payload->>'voteId' is not null`,
  );
  const counts = Object.fromEntries(COUNTED_EVENTS.map((type) => [type, 0])) as Record<CountedEvent, number>;
  for (const row of rows) counts[row.type] = row.n;
  return { ...counts, expelledByVote: expelled?.n ?? 0 };
}

/**
 * Contributions made late: misses (an emergency vote opened about the member) followed by the
 * member's payment before the next round started, i.e. paid in a granted extension. Starts
 * from the misses, which are few, and finds each one's next round and payment through the
 * (type, fund, id) index, so the cost follows the misses and not every contribution (the
 * `limit 1` keeps the planner from hashing every contribution instead).
 */
export async function lateContributionCount(db: DbOrTx): Promise<number> {
  const [row] = await rowsOf<{ n: number }>(
    db,
    sql`select count(*)::int as n
        from fund_events m
        cross join lateral (
          select min(r.id) as next_round from fund_events r
          where r.type = 'RoundStarted' and r.fund_id = m.fund_id and r.id > m.id) nr
        cross join lateral (
          select 1 from fund_events c
          where c.type = 'ContributionMade' and c.fund_id = m.fund_id and c.id > m.id
            and (nr.next_round is null or c.id < nr.next_round)
            and c.payload->'contribution'->>'contributorId' = m.payload->>'memberId'
          limit 1) paid
        where m.type = 'ContributionMissed'`,
  );
  return row?.n ?? 0;
}

/** Strikes and debts as the funds' states hold them now (they persist across cycles). */
export async function strikesAndDebts(db: DbOrTx) {
  const [strikes] = await rowsOf<{ total: number; members: number; at_risk: number }>(
    db,
    sql`select coalesce(sum(value::int), 0)::int as total,
          count(*) filter (where value::int > 0)::int as members,
          count(*) filter (where value::int >= 3)::int as at_risk
        from funds, jsonb_each_text(state->'strikes')`,
  );
  const [debts] = await rowsOf<{ members: number; total: string | null }>(
    db,
    sql`select count(*)::int as members, sum(value::bigint)::text as total
        from funds, jsonb_each_text(state->'debts') where value::bigint > 0`,
  );
  return {
    strikes: {
      total: strikes?.total ?? 0,
      members: strikes?.members ?? 0,
      membersAtRisk: strikes?.at_risk ?? 0,
    },
    debts: { members: debts?.members ?? 0, totalCents: Number(debts?.total ?? 0) },
  };
}

/** Completed cycles and their average length, from each cycle's history (created → completed). */
export async function cycleLengths(db: DbOrTx) {
  const [row] = await rowsOf<{ completed: number; average: string | null }>(
    db,
    sql`select count(*)::int as completed,
          round(avg((payload->'history'->>'completedAt')::bigint - (payload->'history'->>'createdAt')::bigint))::text
            as average
        from fund_events where type = 'CycleCompleted'`,
  );
  return {
    completed: row?.completed ?? 0,
    averageLengthMs: row?.average === null || row?.average === undefined ? null : Number(row.average),
  };
}
