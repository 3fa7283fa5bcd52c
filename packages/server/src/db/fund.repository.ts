import type { Contribution, CycleHistory, FundEvent, FundState } from '@giro/domain/fund/fund-types';
import { reminderMoments } from '@giro/domain/fund/reminders';
import { and, asc, eq, inArray, isNotNull, isNull, lte, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from './client';
import { patchedStateSql, statePatch } from './fund-state-patch';
import { rowsOf } from './insights/rows';
import { namedStatement, type RowOf, runNamed } from './named-statement';
import { funds, users } from './schema';
import { type NamedStep, step } from './statement-pipeline';

export interface FundRow {
  id: string;
  organizationId: string;
  state: FundState;
  version: number;
}

const columns = {
  id: funds.id,
  organizationId: funds.organizationId,
  state: funds.state,
  version: funds.version,
};
const asRow = (row: { id: string; organizationId: string; state: unknown; version: number }): FundRow => ({
  ...row,
  state: row.state as FundState,
});

/** The organization's fund, read only (views). */
export async function findFundOfOrganization(
  db: DbOrTx,
  organizationId: string,
): Promise<FundRow | undefined> {
  const [row] = await db.select(columns).from(funds).where(eq(funds.organizationId, organizationId)).limit(1);
  return row && asRow(row);
}

/**
 * The organization's fund, with the member's contributions that its payouts and completed cycles
 * took out of its state (their `RoundDistributed` and `CycleCompleted` events, ADR 0041: paid
 * out or given back, for good), in one statement.
 */
export async function fundWithSettledContributions(
  db: DbOrTx,
  organizationId: string,
  contributorId: string,
): Promise<{ state: FundState; settled: Contribution[] } | undefined> {
  const [row] = await rowsOf<{ state: FundState; settled: Contribution[] }>(
    db,
    sql`select f.state, coalesce((
          select jsonb_agg(c.value)
          from fund_events e, jsonb_array_elements(coalesce(e.payload->'settled', '[]'::jsonb)) c
          where e.type in ('RoundDistributed', 'CycleCompleted') and e.fund_id = f.id
            and c.value->>'contributorId' = ${contributorId}), '[]'::jsonb) as settled
        from funds f where f.organization_id = ${organizationId} limit 1`,
  );
  return row;
}

/**
 * The organization's fund's id and its completed cycles, oldest first, from their
 * `CycleCompleted` events (ADR 0041), in one statement.
 */
export async function fundHistoryOf(
  db: DbOrTx,
  organizationId: string,
): Promise<{ id: string; history: CycleHistory[] } | undefined> {
  const [row] = await rowsOf<{ id: string; history: CycleHistory[] }>(
    db,
    sql`select f.id, coalesce((
          select jsonb_agg(e.payload->'history' order by e.id) from fund_events e
          where e.type = 'CycleCompleted' and e.fund_id = f.id), '[]'::jsonb) as history
        from funds f where f.organization_id = ${organizationId} limit 1`,
  );
  return row;
}

// A named statement (db/named-statement.ts): every fund command runs it. The funds of several
// organizations (a batch of members' commands) are locked in the order of the organizations'
// ids, as every batch locks them: two batches never wait for each other in a circle.
const lockStatement = namedStatement<{
  id: string;
  organization_id: string;
  state: FundState;
  version: number;
}>(
  'fund_lock',
  `select id, organization_id, state, version from funds where organization_id = any($1::uuid[])
   order by organization_id for update`,
);

/** Locks the organization's fund for the rest of the transaction: commands on one fund run one at a time. */
export async function lockFundOfOrganization(
  tx: DbOrTx,
  organizationId: string,
): Promise<FundRow | undefined> {
  return lockedFunds(await runNamed(tx, lockStatement, [[organizationId]])).get(organizationId);
}

/**
 * The lock of these organizations' funds as a step of a transaction's opening
 * (db/opened-transaction.ts); `lockedFunds` reads its rows.
 */
export const lockFundsStep = (organizationIds: readonly string[]): NamedStep =>
  step(lockStatement, [organizationIds]);

/** The locked funds, by organization. */
export function lockedFunds(rows: readonly unknown[]): Map<string, FundRow> {
  return new Map(
    (rows as RowOf<typeof lockStatement>[]).map((row) => [
      row.organization_id,
      { id: row.id, organizationId: row.organization_id, state: row.state, version: row.version },
    ]),
  );
}

/**
 * The organization's fund, locked; created with this state when it has none. Two members
 * creating it at once: the second insert waits on the first's key, then finds its row.
 */
export async function lockOrCreateFund(
  tx: DbOrTx,
  organizationId: string,
  state: FundState,
  now: Date,
): Promise<FundRow> {
  await tx
    .insert(funds)
    .values({ id: state.fundId, organizationId, state, createdAt: now, updatedAt: now })
    .onConflictDoNothing({ target: funds.organizationId });
  return (await lockFundOfOrganization(tx, organizationId))!;
}

/** A fund's change as `fundRowsSql` writes it: the locked row, its new state and the events. */
export interface FundRowChange {
  fund: FundRow;
  state: FundState;
  events: readonly FundEvent[];
  nextDeadline: number | null;
}

/**
 * The SQL of funds' new states, each with its next deadline and reminder derived as on every
 * write, and of the events that led to them, as clauses of a WITH (`changes`, `saved`,
 * `events`): the changes are one JSON array (`fundRowsValue`), `now` epoch milliseconds. A
 * state is sent as what changed in the locked row's (db/fund-state-patch.ts). The events keep
 * their order, fund by fund. Written by the fund changes' statement
 * (db/fund-changes.statement.ts).
 */
export function fundRowsSql(p: { changes: string; now: string }): string {
  return `changes as (
     select * from rows from (jsonb_to_recordset(${p.changes}::jsonb) as (id uuid, patch jsonb, version int,
       next_deadline float8, moments timestamptz[], events jsonb))
       with ordinality as c(id, patch, version, next_deadline, moments, events, n)),
   saved as (
     update funds set state = ${patchedStateSql('funds.state', 'changes.patch')}, version = changes.version,
       next_deadline_at = to_timestamp(changes.next_deadline / 1000),
       next_reminder_at = ${nextReminderText('changes.moments', 'funds.reminders_through')},
       updated_at = to_timestamp(${p.now}::float8 / 1000)
     from changes where funds.id = changes.id returning funds.id, funds.organization_id),
   events as (
     insert into fund_events (fund_id, organization_id, type, payload, at)
     select saved.id, saved.organization_id, e->>'type', e, to_timestamp((e->>'at')::float8 / 1000)
     from saved join changes on changes.id = saved.id,
       jsonb_array_elements(changes.events) with ordinality as x(e, i)
     order by changes.n, i
     returning 1)`;
}

/** The parameter of `fundRowsSql`: the changes as one JSON array. */
export function fundRowsValue(changes: readonly FundRowChange[]): string {
  return JSON.stringify(
    changes.map((c) => ({
      id: c.fund.id,
      patch: statePatch(c.fund.state, c.state),
      version: c.fund.version + 1,
      next_deadline: c.nextDeadline,
      moments: reminderMoments(c.state).map((m) => new Date(m.at).toISOString()),
      events: c.events,
    })),
  );
}

/** The state's reminder moments as a timestamptz[] literal. */
function reminderMomentsLiteral(state: FundState): string {
  const list = reminderMoments(state).map((m) => `"${new Date(m.at).toISOString()}"`);
  return `{${list.join(',')}}`;
}

/** The state's reminder moments as a timestamptz[] (one parameter). */
export function reminderMomentsSql(state: FundState): SQL {
  return sql`${reminderMomentsLiteral(state)}::timestamptz[]`;
}

/**
 * The first moment not yet handled: like `next_deadline_at`, derived on every write, so the
 * worker finds the reminders due with an index (issue 14). Reminders given up to
 * `reminders_through` are not looked at again.
 */
function nextReminderText(moments: string, through: string): string {
  return `(select min(m) from unnest(${moments}) as m where m > coalesce(${through}, '-infinity'::timestamptz))`;
}

/** As `nextReminderText`, for Drizzle: the same text around the two expressions. */
export function nextReminderSql(moments: SQL, through: SQL): SQL {
  const [before, between, after] = nextReminderText('\0', '\0').split('\0') as [string, string, string];
  return sql.join([sql.raw(before), moments, sql.raw(between), through, sql.raw(after)]);
}

/**
 * Claims funds whose next deadline has come, skipping those another worker holds: any number
 * of instances share the deadlines and none is processed twice.
 */
export async function claimDueFunds(tx: DbOrTx, now: Date, limit: number): Promise<FundRow[]> {
  const rows = await tx
    .select(columns)
    .from(funds)
    .where(lte(funds.nextDeadlineAt, now))
    .orderBy(asc(funds.nextDeadlineAt))
    .limit(limit)
    .for('update', { skipLocked: true });
  return rows.map(asRow);
}

export async function earliestDeadline(db: DbOrTx): Promise<Date | null> {
  const [row] = await db
    .select({ at: funds.nextDeadlineAt })
    .from(funds)
    .where(isNotNull(funds.nextDeadlineAt))
    .orderBy(asc(funds.nextDeadlineAt))
    .limit(1);
  return row?.at ?? null;
}

/** The members of an organization (ids and names), in the order they joined. */
export async function organizationMembers(db: DbOrTx, organizationId: string) {
  return db
    .select({ id: users.id, displayName: users.displayName, language: users.languagePreference })
    .from(users)
    .where(and(eq(users.familyId, organizationId), isNull(users.deletedAt)))
    .orderBy(asc(users.memberSince), asc(users.id));
}

/**
 * Whether a cover this member declared by hand waits for its recipient's confirmation in any
 * fund (an expelled member's covers stay in the round): confirmed, it makes them a creditor.
 * A scan of the funds' states, for an account's deletion only.
 */
export async function hasDeclaredCover(db: DbOrTx, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: funds.id })
    .from(funds)
    .where(
      sql`${funds.state}->'contributions' @> ${JSON.stringify([{ paidBy: userId, status: 'declared' }])}::jsonb`,
    )
    .limit(1);
  return row !== undefined;
}

export async function postponeDeadline(tx: DbOrTx, fundId: string, until: Date): Promise<void> {
  await tx.update(funds).set({ nextDeadlineAt: until }).where(eq(funds.id, fundId));
}

export async function lockFundById(tx: DbOrTx, fundId: string): Promise<FundRow | undefined> {
  const [row] = await tx.select(columns).from(funds).where(eq(funds.id, fundId)).for('update').limit(1);
  return row && asRow(row);
}

/** The members of several organizations at once (the deadline worker's batch), by organization. */
export async function membersOfOrganizations(db: DbOrTx, organizationIds: readonly string[]) {
  const byOrganization = new Map<string, { id: string; displayName: string }[]>();
  if (organizationIds.length === 0) return byOrganization;
  const rows = await db
    .select({ id: users.id, displayName: users.displayName, familyId: users.familyId })
    .from(users)
    .where(and(inArray(users.familyId, [...organizationIds]), isNull(users.deletedAt)))
    .orderBy(asc(users.memberSince), asc(users.id));
  for (const row of rows) {
    const list = byOrganization.get(row.familyId!) ?? [];
    list.push({ id: row.id, displayName: row.displayName });
    byOrganization.set(row.familyId!, list);
  }
  return byOrganization;
}
