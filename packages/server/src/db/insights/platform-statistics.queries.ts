import { FUNDING_PREFIX, ledgerAccount, PAYOUT_PREFIX, REFUNDS_PREFIX } from '@giro/domain/ledger';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../client';
import { rowsOf } from './rows';

/**
 * Platform-wide figures for the admin statistics page. Money comes from the ledger only
 * (domain.md, Money): moved is what members gave, net of refunds (the dashboard's "given" over
 * everyone); since every transaction balances, moved = paid out + fees + still in escrow.
 */
const given = sql`-sum(amount_cents) filter (where account like ${`${FUNDING_PREFIX}%`} or account like ${`${REFUNDS_PREFIX}%`})`;
const fees = sql`sum(amount_cents) filter (where account = ${ledgerAccount.platformFees})`;
const num = (text: string | null | undefined) => Number(text ?? 0);

export async function userCounts(db: DbOrTx) {
  const [row] = await rowsOf<{ total: number; verified: number; admins: number; deleted: number }>(
    db,
    sql`select count(*)::int as total,
          count(*) filter (where email_verified_at is not null and deleted_at is null)::int as verified,
          count(*) filter (where role = 'admin' and deleted_at is null)::int as admins,
          count(*) filter (where deleted_at is not null)::int as deleted
        from users`,
  );
  return row ?? { total: 0, verified: 0, admins: 0, deleted: 0 };
}

export async function organizationsByType(db: DbOrTx) {
  return rowsOf<{ type: string; total: number; open: number }>(
    db,
    sql`select type, count(*)::int as total, count(*) filter (where closed_at is null)::int as open
        from organizations group by type order by type`,
  );
}

export async function fundsByPhase(db: DbOrTx) {
  return rowsOf<{ phase: string; count: number }>(
    db,
    sql`select state->>'phase' as phase, count(*)::int as count from funds group by 1`,
  );
}

export async function moneyTotals(db: DbOrTx) {
  const [row] = await rowsOf<Record<'moved' | 'paid_out' | 'fees' | 'refunded' | 'escrow', string | null>>(
    db,
    sql`select (${given})::text as moved,
          (sum(amount_cents) filter (where account like ${`${PAYOUT_PREFIX}%`}))::text as paid_out,
          (${fees})::text as fees,
          (sum(amount_cents) filter (where account like ${`${REFUNDS_PREFIX}%`}))::text as refunded,
          (sum(amount_cents) filter (where account like 'round-escrow:%' or account like 'request-escrow:%'))::text
            as escrow
        from ledger_entries`,
  );
  return {
    movedCents: num(row?.moved),
    paidOutCents: num(row?.paid_out),
    feesCents: num(row?.fees),
    refundedCents: num(row?.refunded),
    inEscrowCents: num(row?.escrow),
  };
}

/** Per UTC day since `since`: new users, new organizations, money moved and fees. */
export async function growthSeries(db: DbOrTx, since: Date) {
  const from = sql`${since.toISOString()}::timestamptz`;
  const day = (column: string) => sql.raw(`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD')`);
  const [users, organizations, money] = await Promise.all([
    rowsOf<{ day: string; n: number }>(
      db,
      sql`select ${day('created_at')} as day, count(*)::int as n from users where created_at >= ${from} group by 1`,
    ),
    rowsOf<{ day: string; n: number }>(
      db,
      sql`select ${day('created_at')} as day, count(*)::int as n from organizations
          where created_at >= ${from} group by 1`,
    ),
    rowsOf<{ day: string; moved: string | null; fees: string | null }>(
      db,
      sql`select ${day('t.created_at')} as day, (${given})::text as moved, (${fees})::text as fees
          from ledger_transactions t join ledger_entries e on e.transaction_id = t.id
          where t.created_at >= ${from} group by 1`,
    ),
  ]);
  return {
    newUsers: new Map(users.map((r) => [r.day, r.n])),
    newOrganizations: new Map(organizations.map((r) => [r.day, r.n])),
    moved: new Map(money.map((r) => [r.day, { movedCents: num(r.moved), feesCents: num(r.fees) }])),
  };
}
