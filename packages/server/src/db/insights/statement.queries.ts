import type { StatementLine } from '@giro/contract/statistics';
import { ledgerAccount } from '@giro/domain/ledger';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../client';
import { rowsOf } from './rows';

interface EntryRow {
  kind: string;
  at: Date | string;
  key: string | null;
  organization_id: string;
  account: string;
  amount: string;
  escrow: string | null;
}

/**
 * A member's statement: every entry of their own accounts (funding source, refunds, payout,
 * and what they owe or are owed by other members) in booking order, with the running balance. The balance is received − given, the dashboard's
 * rule (domain.md, Money), so the last line's balance is the dashboard's current balance to the
 * cent. Each line says which fund cycle and round, or which request, it belongs to: from the
 * escrow account of its transaction, from a round payout's key, or for a fund contribution
 * (captured to a provider's balance or paid by hand, no escrow) from the fund's event that
 * recorded it.
 */
export async function readStatement(db: DbOrTx, userId: string): Promise<StatementLine[]> {
  const accounts = [
    ledgerAccount.funding(userId),
    ledgerAccount.refunds(userId),
    ledgerAccount.payout(userId),
    ledgerAccount.memberPayable(userId),
    ledgerAccount.memberReceivable(userId),
  ];
  const rows = await rowsOf<EntryRow>(
    db,
    sql`select t.kind, t.created_at as at, t.idempotency_key as key, t.organization_id,
          e.account, e.amount_cents::text as amount,
          (select x.account from ledger_entries x
            where x.transaction_id = t.id
              and (x.account like 'round-escrow:%' or x.account like 'request-escrow:%')
            limit 1) as escrow
        from ledger_entries e join ledger_transactions t on t.id = e.transaction_id
        where e.account in (${sql.join(
          accounts.map((a) => sql`${a}`),
          sql`, `,
        )})
        order by t.created_at, e.id`,
  );
  const contributions = await fundContributions(db, rows);
  let balanceCents = 0;
  return rows.map((row) => {
    const amountCents = Number(row.amount);
    // A debt between members is shown, but only money that moved changes the balance.
    if (!row.account.startsWith('member-')) balanceCents += amountCents;
    return {
      at: new Date(row.at).toISOString(),
      kind: row.kind,
      account: row.account.slice(0, row.account.indexOf(':')) as StatementLine['account'],
      ...origin(row, contributions),
      amountCents,
      balanceCents,
    };
  });
}

type Origin = Pick<StatementLine, 'source' | 'cycleNumber' | 'roundNumber'>;

function origin(row: EntryRow, contributions: Map<string, { cycle: number; round: number }>): Origin {
  const parts = row.escrow?.split(':') ?? [];
  if (parts[0] === 'round-escrow')
    return { source: 'fund', cycleNumber: Number(parts[2]), roundNumber: Number(parts[3]) };
  // A request's payout or refund from the providers' balances names its request in its key.
  if (parts[0] === 'request-escrow' || row.key?.startsWith('request-'))
    return { source: 'request', cycleNumber: null, roundNumber: null };
  // A round's payout from the providers' balances: `payout:<fund>:<cycle>:<round>`.
  const payout = /^payout:[^:]+:(\d+):(\d+)$/.exec(row.key ?? '');
  if (payout) return { source: 'fund', cycleNumber: Number(payout[1]), roundNumber: Number(payout[2]) };
  const found = contributions.get(contributionIdOf(row.key) ?? '');
  return { source: 'fund', cycleNumber: found?.cycle ?? null, roundNumber: found?.round ?? null };
}

/**
 * `contribution:<id>`, `refund:<id>`, or a cover's `member-debt:<id>`, `member-debt-repaid:<id>` and
 * `member-debt-forgiven:<id>`: the fund contribution a posting without an escrow is about.
 */
function contributionIdOf(key: string | null): string | null {
  const match = /^(?:contribution|refund|member-debt|member-debt-repaid|member-debt-forgiven):(.+)$/.exec(
    key ?? '',
  );
  return match?.[1] ?? null;
}

/** The round of each fund contribution a posting without an escrow is about, from its event. */
async function fundContributions(db: DbOrTx, rows: EntryRow[]) {
  const unplaced = rows.filter((row) => !row.escrow);
  const ids = [...new Set(unplaced.map((row) => contributionIdOf(row.key)).filter((id) => id !== null))];
  const result = new Map<string, { cycle: number; round: number }>();
  if (ids.length === 0) return result;
  const organizations = [...new Set(unplaced.map((row) => row.organization_id))];
  const found = await rowsOf<{ id: string; cycle: number; round: number }>(
    db,
    sql`select payload->'contribution'->>'id' as id,
          (payload->'contribution'->>'cycleNumber')::int as cycle,
          (payload->'contribution'->>'roundNumber')::int as round
        from fund_events
        where fund_id in (select id from funds where organization_id in (${sql.join(
          organizations.map((o) => sql`${o}::uuid`),
          sql`, `,
        )}))
          and type = 'ContributionMade'
          and payload->'contribution'->>'id' in (${sql.join(
            ids.map((id) => sql`${id}`),
            sql`, `,
          )})`,
  );
  for (const row of found) result.set(row.id, { cycle: row.cycle, round: row.round });
  return result;
}
