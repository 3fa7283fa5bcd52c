import type { DebtView } from '@giro/contract/debts';

/**
 * The debt a member has to act on now, for the Now card (issue 16), most pressing first: a
 * repayment another member declared and waits for me to confirm; a debt of mine that is due
 * (to repay); mine repaid and waiting for the creditor; mine not due yet (the round is not paid
 * out). Null when there is none.
 */
export type DebtItem =
  | { kind: 'confirm_repayment'; debt: DebtView }
  | { kind: 'repay_debt'; debt: DebtView }
  | { kind: 'repayment_waiting'; debt: DebtView }
  | { kind: 'debt_pending'; debt: DebtView };

export function debtItem(debts: readonly DebtView[], userId: string): DebtItem | null {
  const open = debts.filter((d) => d.status === 'open' || d.status === 'pending' || d.status === 'settling');
  const toConfirm = open.find((d) => d.creditorId === userId && d.status === 'open' && d.repaymentDeclaredAt);
  if (toConfirm) return { kind: 'confirm_repayment', debt: toConfirm };
  const mine = open.filter((d) => d.debtorId === userId);
  const due = mine.find((d) => d.status === 'open' && !d.repaymentDeclaredAt);
  if (due) return { kind: 'repay_debt', debt: due };
  // Declared by hand (the creditor confirms) or paid through the platform (on its way).
  const waiting = mine.find((d) => d.status === 'open' || d.status === 'settling');
  if (waiting) return { kind: 'repayment_waiting', debt: waiting };
  const pending = mine.find((d) => d.status === 'pending');
  return pending ? { kind: 'debt_pending', debt: pending } : null;
}
