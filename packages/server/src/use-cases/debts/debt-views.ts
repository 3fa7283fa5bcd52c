import type { DebtView } from '@giro/contract/debts';
import type { DebtRow } from '../../db/debt.repository';

export const debtView = (row: DebtRow): DebtView => ({
  id: row.id,
  debtorId: row.debtorId,
  creditorId: row.creditorId,
  amountCents: row.amountCents,
  reason: row.reason,
  status: row.status,
  createdAt: row.createdAt.toISOString(),
  repaymentDeclaredAt: row.repaymentDeclaredAt?.toISOString() ?? null,
  settledAt: row.settledAt?.toISOString() ?? null,
});
