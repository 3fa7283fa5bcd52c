import type { DebtView } from '@giro/contract/debts';
import type { DbOrTx } from '../../db/client';
import type { DebtRow } from '../../db/debt.repository';
import { activePayoutAccounts } from '../../db/payout-account.repository';
import { displayNames } from '../../db/user.repository';

const debtView = (
  row: DebtRow,
  names: ReadonlyMap<string, string>,
  canReceive: ReadonlySet<string>,
): DebtView => ({
  id: row.id,
  debtorId: row.debtorId,
  creditorId: row.creditorId,
  debtorName: names.get(row.debtorId) ?? '',
  creditorName: names.get(row.creditorId) ?? '',
  amountCents: row.amountCents,
  reason: row.reason,
  status: row.status,
  createdAt: row.createdAt.toISOString(),
  repaymentDeclaredAt: row.repaymentDeclaredAt?.toISOString() ?? null,
  settledAt: row.settledAt?.toISOString() ?? null,
  creditorCanReceive: canReceive.has(row.creditorId),
});

/**
 * Debts as their members see them, with both names: a member who left the organization (or
 * joined another) is in no fund whose members would name the other; and whether the platform can
 * pay each creditor, so the debtor is offered to pay through it only when it would go through.
 */
export async function debtViews(db: DbOrTx, rows: readonly DebtRow[]): Promise<DebtView[]> {
  const [names, canReceive] = await Promise.all([
    displayNames(db, [...new Set(rows.flatMap((row) => [row.debtorId, row.creditorId]))]),
    activePayoutAccounts(db, [...new Set(rows.map((row) => row.creditorId))]),
  ]);
  return rows.map((row) => debtView(row, names, canReceive));
}
