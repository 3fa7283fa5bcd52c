import type { FundState } from '@giro/domain/fund/fund-types';
import { FUNDING_PREFIX, PAYOUT_PREFIX, REFUNDS_PREFIX, REPAYMENT_KIND } from '@giro/domain/ledger';
import type { RequestsState } from '@giro/domain/requests/request-types';
import { eq, sql } from 'drizzle-orm';
import type { Db } from './client';
import { organizations } from './schema';

/** A member as the views need them; times in epoch milliseconds. */
export interface SnapshotMember {
  id: string;
  displayName: string;
  username: string;
  language: string | null;
  memberSinceMs: number;
  strikes: number;
}

/** Everything the hot views of one organization read, as of one moment (one statement). */
export interface OrganizationSnapshot {
  id: string;
  name: string;
  type: string;
  inviteCode: string;
  /** The organization's socket event number as of this snapshot: a resync is current up to it. */
  eventSeq: number;
  /** Current members, by when they joined (then id). */
  members: SnapshotMember[];
  /** Given and received per member from the organization's ledger. */
  ledger: { userId: string | null; givenCents: number; receivedCents: number }[];
  /** The caller's own totals over every organization's ledger (they may have moved). */
  own: { givenCents: number; receivedCents: number };
  fund: { id: string; version: number; state: FundState } | null;
  requests: RequestsState | null;
}

// Drizzle writes a lone table's columns unqualified ("id"), which inside a subquery would mean
// the subquery's own table: the correlation names the outer row in full.
const orgId = sql.raw('"organizations"."id"');
// A literal, not a parameter: a generic plan matches it to the repayments' partial index.
const repaymentKind = sql.raw(`'${REPAYMENT_KIND}'`);
const ms = (column: string) => sql.raw(`floor(extract(epoch from ${column}) * 1000)::bigint`);

/**
 * The dashboard, the fund view, the requests view and the socket resync each read the same
 * handful of rows: the organization, its members, its ledger totals, the fund and the requests.
 * Read separately that was nine round trips a request; here it is one prepared statement of
 * correlated subqueries (issue 15). Hand-written SQL because the answer is nested JSON, which
 * Drizzle's builder does not compose; the ledger's rule is the one of db/ledger.queries.ts
 * (given = funding out less refunds back; received = payouts), over the members' entries only
 * (`user_id is not null`, the predicate of the index it is read from: ADR 0043). A repayment
 * between members, paid to the creditor's payout account, is then taken off both her received
 * and her given (ADR 0058): read apart, from the few transactions of that kind, so the sums
 * stay on their index.
 */
export function snapshotQuery(db: Db) {
  const user = sql.placeholder('userId');
  return db
    .select({
      id: organizations.id,
      name: organizations.name,
      type: organizations.type,
      inviteCode: organizations.inviteCode,
      eventSeq: organizations.eventSeq,
      members: sql<SnapshotMember[]>`(
        select coalesce(json_agg(json_build_object(
          'id', u.id, 'displayName', u.display_name, 'username', u.username,
          'language', u.language_preference, 'strikes', u.strikes,
          'memberSinceMs', ${ms('coalesce(u.member_since, u.created_at)')}
        ) order by u.member_since, u.id), '[]'::json)
        from users u where u.family_id = ${orgId} and u.deleted_at is null)`,
      ledger: sql<OrganizationSnapshot['ledger']>`(
        select coalesce(json_agg(json_build_object(
          'userId', t.user_id,
          'givenCents', t.given - coalesce(r.repaid, 0),
          'receivedCents', t.received - coalesce(r.repaid, 0))), '[]'::json)
        from (
          select e.user_id,
            coalesce(-sum(e.amount_cents) filter (where e.account like ${`${FUNDING_PREFIX}%`} or e.account like ${`${REFUNDS_PREFIX}%`}), 0) as given,
            coalesce(sum(e.amount_cents) filter (where e.account like ${`${PAYOUT_PREFIX}%`}), 0) as received
          from ledger_entries e
          where e.organization_id = ${orgId} and e.user_id is not null group by e.user_id) t
        left join (
          select e.user_id, sum(e.amount_cents) as repaid
          from ledger_transactions x join ledger_entries e on e.transaction_id = x.id
          where x.organization_id = ${orgId} and x.kind = ${repaymentKind} and e.account like ${`${PAYOUT_PREFIX}%`}
          group by e.user_id) r on r.user_id = t.user_id)`,
      own: sql<OrganizationSnapshot['own']>`(
        select json_build_object('givenCents', s.given - s.repaid, 'receivedCents', s.received - s.repaid)
        from (
          select coalesce(-sum(e.amount_cents) filter (where e.account <> (${PAYOUT_PREFIX}::text || ${user}::text)), 0) as given,
            coalesce(sum(e.amount_cents) filter (where e.account = (${PAYOUT_PREFIX}::text || ${user}::text)), 0) as received,
            coalesce((
              select sum(p.amount_cents)
              from ledger_entries p join ledger_transactions x on x.id = p.transaction_id
              where p.account = (${PAYOUT_PREFIX}::text || ${user}::text) and p.user_id = ${user}::uuid
                and x.kind = ${repaymentKind}), 0) as repaid
          from ledger_entries e
          where e.account in ((${FUNDING_PREFIX}::text || ${user}::text), (${REFUNDS_PREFIX}::text || ${user}::text), (${PAYOUT_PREFIX}::text || ${user}::text))
            and e.user_id = ${user}::uuid) s)`,
      fund: sql<OrganizationSnapshot['fund']>`(
        select json_build_object('id', f.id, 'version', f.version, 'state', f.state)
        from funds f where f.organization_id = ${orgId} limit 1)`,
      requests: sql<RequestsState | null>`(
        select r.state from request_states r where r.organization_id = ${orgId})`,
    })
    .from(organizations)
    .where(eq(organizations.id, sql.placeholder('organizationId')));
}

/** Prepared once per connection pool; its plan is held to its indexes by test/statement-plans.test.ts. */
const prepareSnapshot = (db: Db) => snapshotQuery(db).prepare('organization_snapshot');

const prepared = new WeakMap<Db, ReturnType<typeof prepareSnapshot>>();

/** The organization's snapshot for `userId` (whose own totals it carries); undefined if no such organization. */
export async function readOrganizationSnapshot(
  db: Db,
  organizationId: string,
  userId: string,
): Promise<OrganizationSnapshot | undefined> {
  let statement = prepared.get(db);
  if (!statement) {
    statement = prepareSnapshot(db);
    prepared.set(db, statement);
  }
  const [row] = await statement.execute({ organizationId, userId });
  if (!row) return undefined;
  return {
    ...row,
    ledger: row.ledger.map((r) => ({
      ...r,
      givenCents: Number(r.givenCents),
      receivedCents: Number(r.receivedCents),
    })),
    own: { givenCents: Number(row.own.givenCents), receivedCents: Number(row.own.receivedCents) },
    members: row.members.map((m) => ({ ...m, memberSinceMs: Number(m.memberSinceMs) })),
  };
}
