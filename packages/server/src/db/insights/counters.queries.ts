import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../client';
import { rowsOf } from './rows';

/**
 * The insight counters (schema/monitoring.ts, `insightCounters`; ADR 0017), by the names the triggers of
 * migration 0007 write. Each is summed over its labels and days as asked.
 */
export type CounterName =
  | 'users'
  | 'users.verified'
  | 'users.admins'
  | 'users.deleted'
  /** label: the organization's type */
  | 'organizations'
  | 'organizations.open'
  /** label: the fund's phase */
  | 'funds'
  | 'funds.strikes'
  | 'funds.strike-members'
  | 'funds.members-at-risk'
  | 'funds.debt-members'
  | 'funds.debt-cents'
  /** label: the event's type */
  | 'fund-events'
  | 'fund-events.expelled-by-vote'
  | 'fund-events.late'
  | 'fund-events.late-undone'
  | 'fund-events.cycle-ms'
  | 'fund-events.cycles-measured'
  | 'ledger.moved'
  | 'ledger.paid-out'
  | 'ledger.fees'
  | 'ledger.refunded'
  | 'ledger.escrow'
  /** label: visit, registration, join or conversion */
  | 'invites';

export interface CounterTotal {
  name: CounterName;
  label: string;
  value: number;
}

/** Folded and not yet folded counts together: one statement, so one snapshot of both. */
const both = (names: readonly CounterName[], where: SQL = sql``) => {
  const named = sql`name in (${sql.join(
    names.map((name) => sql`${name}`),
    sql`, `,
  )}) ${where}`;
  return sql`(select name, label, day, value from insight_counters where ${named}
    union all select name, label, day, value from insight_counter_deltas where ${named}) c`;
};

const since = (from: Date | undefined) =>
  from ? sql`and day >= ${from.toISOString().slice(0, 10)}::date` : sql``;

/** Each counter's sum per label, over every day, or the days from `from` (a UTC day's start) on. */
export async function counterTotals(
  db: DbOrTx,
  names: readonly CounterName[],
  from?: Date,
): Promise<CounterTotal[]> {
  const rows = await rowsOf<{ name: CounterName; label: string; value: string }>(
    db,
    sql`select name, label, sum(value)::text as value from ${both(names, since(from))} group by name, label`,
  );
  return rows.map((row) => ({ ...row, value: Number(row.value) }));
}

/** Each counter's sum per label and UTC day (`YYYY-MM-DD`), from `from` (a UTC day's start) on. */
export async function counterSeries(
  db: DbOrTx,
  names: readonly CounterName[],
  from: Date,
): Promise<(CounterTotal & { day: string })[]> {
  const rows = await rowsOf<{ name: CounterName; label: string; day: string; value: string }>(
    db,
    sql`select name, label, day::text as day, sum(value)::text as value from ${both(names, since(from))}
        group by name, label, day`,
  );
  return rows.map((row) => ({ ...row, value: Number(row.value) }));
}

/** The sum of `name` over the rows given (one label, or all of them). */
export function sumOf(rows: readonly CounterTotal[], name: CounterName, label?: string): number {
  return rows
    .filter((row) => row.name === name && (label === undefined || row.label === label))
    .reduce((sum, row) => sum + row.value, 0);
}

/**
 * Folds the deltas into the per-day counters, in one statement: a reader sees each delta either
 * still in the log or already in its counter, never both nor neither. Two instances folding at
 * once do not double anything: the second's delete waits for the first's and skips its rows.
 */
export async function foldCounterDeltas(db: DbOrTx): Promise<number> {
  const [row] = await rowsOf<{ folded: number }>(
    db,
    sql`with moved as (delete from insight_counter_deltas returning name, label, day, value),
        folded as (
          insert into insight_counters as c (name, label, day, value)
          select name, label, day, sum(value) from moved group by 1, 2, 3 order by 1, 2, 3
          on conflict (name, label, day) do update set value = c.value + excluded.value
          returning 1)
        select (select count(*) from moved)::int as folded`,
  );
  return row?.folded ?? 0;
}
