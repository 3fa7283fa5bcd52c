import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Db } from './client';

/**
 * The ledger as one fingerprint (issue 19: a restore gives back the same money): SHA-256 over
 * every entry in id order (transaction, kind, organization, account, member, amount), with the
 * count and whether every transaction sums to zero.
 */
export async function ledgerDigest(db: Db): Promise<{ entries: number; balanced: boolean; sha256: string }> {
  const rows = await db.execute<{ line: string }>(sql`
    select concat_ws('|', e.id, e.transaction_id, t.kind, e.organization_id, e.account,
                     coalesce(e.user_id::text, ''), e.amount_cents) as line
    from ledger_entries e join ledger_transactions t on t.id = e.transaction_id
    order by e.id`);
  const unbalanced = await db.execute<{ count: string | number }>(sql`
    select count(*) as count from (
      select transaction_id from ledger_entries group by transaction_id having sum(amount_cents) <> 0
    ) as off`);
  const hash = createHash('sha256');
  for (const row of rows.rows) hash.update(`${row.line}\n`);
  return {
    entries: rows.rows.length,
    balanced: Number(unbalanced.rows[0]?.count ?? 0) === 0,
    sha256: hash.digest('hex'),
  };
}
