import { DomainError } from './errors';
import { type LedgerTransaction, ledgerAccount, REPAYMENT_KIND } from './ledger';
import type { Cents } from './money';

/**
 * Debts between members (domain.md, Covering a member). A cover makes the covered member owe
 * the one who paid. The debt is `pending` while the cover can still be undone, `open` once the
 * round paid out (it is then in the ledger), and ends `settled` (repaid) or `cancelled`.
 * The debtor repays by hand and the creditor confirms (confirming is what settles), or pays
 * through the platform: then it is `settling` until the money reached the creditor.
 */
export type DebtStatus = 'pending' | 'open' | 'settling' | 'settled' | 'cancelled';

export interface MemberDebt {
  id: string;
  debtorId: string;
  creditorId: string;
  amountCents: Cents;
  status: DebtStatus;
  repaymentDeclaredAt: number | null;
}

function settleable(debt: MemberDebt): void {
  if (debt.status === 'pending') throw new DomainError('DEBT_NOT_DUE');
  if (debt.status === 'settling') throw new DomainError('DEBT_SETTLING');
  if (debt.status !== 'open') throw new DomainError('DEBT_CLOSED');
}

/** The debtor says they repaid by hand: the creditor is asked to confirm it. */
export function declareRepayment(debt: MemberDebt, userId: string): void {
  if (debt.debtorId !== userId) throw new DomainError('NOT_DEBT_PARTY');
  settleable(debt);
  if (debt.repaymentDeclaredAt !== null) throw new DomainError('DEBT_REPAYMENT_DECLARED');
}

/** The debtor pays through the platform (card, PayPal): not while a manual repayment waits for confirmation. */
export function startPlatformRepayment(debt: MemberDebt, userId: string): void {
  if (debt.debtorId !== userId) throw new DomainError('NOT_DEBT_PARTY');
  settleable(debt);
  if (debt.repaymentDeclaredAt !== null) throw new DomainError('DEBT_REPAYMENT_DECLARED');
}

/**
 * The creditor confirms they got the money back (declared or not: they may have been paid in
 * cash before anyone declared it). This settles the debt, once.
 */
export function confirmRepayment(debt: MemberDebt, userId: string): void {
  if (debt.creditorId !== userId) throw new DomainError('NOT_DEBT_PARTY');
  settleable(debt);
}

/**
 * The creditor says a declared repayment never reached them: the declaration goes, and the debt
 * is open to repay again, by hand or through the platform. Without it a declaration the
 * creditor could not confirm kept the debt open for good, and barred the platform's way too.
 */
export function refuseRepayment(debt: MemberDebt, userId: string): void {
  if (debt.creditorId !== userId) throw new DomainError('NOT_DEBT_PARTY');
  settleable(debt);
  if (debt.repaymentDeclaredAt === null) throw new DomainError('DEBT_REPAYMENT_NOT_DECLARED');
}

/**
 * The creditor deletes their account: nobody is left to repay, as the platform cannot pay a deleted
 * account nor can a deleted member confirm a repayment by hand, so what they are owed is written
 * off; the debtor, kept owing for good, could not delete their own account either. Not while a
 * repayment through the platform is on its way to them: it lands, or fails and is open again.
 * Nor while a cover they paid is still in a round not paid out (an expelled member's cover stays
 * in the round): the payout would book a debt to a deleted account after the write-off.
 */
export function forgiveOnCreditorDeletion(debt: MemberDebt, userId: string): void {
  if (debt.creditorId !== userId) throw new DomainError('NOT_DEBT_PARTY');
  if (debt.status === 'settling') throw new DomainError('DEBT_REPAYMENT_TO_YOU_UNDER_WAY');
  if (debt.status === 'pending') throw new DomainError('COVER_NOT_PAID_OUT');
  settleable(debt);
}

/** A debt written off: receivable and payable back to zero, and no money moves. */
export function forgivenPosting(debt: MemberDebt): LedgerTransaction {
  const { debtorId, creditorId, amountCents } = debt;
  return {
    kind: 'member-debt-forgiven',
    key: `member-debt-forgiven:${debt.id}`,
    entries: [
      { account: ledgerAccount.memberPayable(debtorId), userId: debtorId, amountCents },
      { account: ledgerAccount.memberReceivable(creditorId), userId: creditorId, amountCents: -amountCents },
    ],
  };
}

/**
 * A repayment: the receivable and the payable go back to zero, and the money is what the debtor
 * gave and the creditor received (by hand, like a manual contribution, or through the platform,
 * booked once the creditor was paid). One per debt, whichever way.
 */
export function repaymentPosting(debt: MemberDebt): LedgerTransaction {
  const { debtorId, creditorId, amountCents } = debt;
  return {
    kind: REPAYMENT_KIND,
    key: `member-debt-repaid:${debt.id}`,
    entries: [
      { account: ledgerAccount.memberPayable(debtorId), userId: debtorId, amountCents },
      { account: ledgerAccount.memberReceivable(creditorId), userId: creditorId, amountCents: -amountCents },
      { account: ledgerAccount.funding(debtorId), userId: debtorId, amountCents: -amountCents },
      { account: ledgerAccount.payout(creditorId), userId: creditorId, amountCents },
    ],
  };
}
