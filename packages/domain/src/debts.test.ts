import { describe, expect, it } from 'vitest';
import {
  confirmRepayment,
  declareRepayment,
  forgivenPosting,
  forgiveOnCreditorDeletion,
  type MemberDebt,
  refuseRepayment,
  repaymentPosting,
  startPlatformRepayment,
} from './debts';
import { DomainError } from './errors';
import { isBalanced } from './ledger';

const debt: MemberDebt = {
  id: 'd1',
  debtorId: 'bob',
  creditorId: 'ann',
  amountCents: 5000,
  status: 'open',
  repaymentDeclaredAt: null,
};

const code = (run: () => void) => {
  try {
    run();
  } catch (error) {
    if (error instanceof DomainError) return error.code;
    throw error;
  }
  return 'ok';
};

describe('debts between members', () => {
  it('the debtor declares a repayment once; the creditor confirms; nobody else', () => {
    expect(code(() => declareRepayment(debt, 'bob'))).toBe('ok');
    expect(code(() => declareRepayment(debt, 'ann'))).toBe('NOT_DEBT_PARTY');
    expect(code(() => declareRepayment({ ...debt, repaymentDeclaredAt: 1 }, 'bob'))).toBe(
      'DEBT_REPAYMENT_DECLARED',
    );
    expect(code(() => confirmRepayment(debt, 'ann'))).toBe('ok');
    expect(code(() => confirmRepayment(debt, 'bob'))).toBe('NOT_DEBT_PARTY');
  });

  it('the creditor refuses a declared repayment that never came; only a declared one, only theirs, only open', () => {
    const declared = { ...debt, repaymentDeclaredAt: 1 };
    expect(code(() => refuseRepayment(declared, 'ann'))).toBe('ok');
    expect(code(() => refuseRepayment(declared, 'bob'))).toBe('NOT_DEBT_PARTY');
    expect(code(() => refuseRepayment(debt, 'ann'))).toBe('DEBT_REPAYMENT_NOT_DECLARED');
    expect(code(() => refuseRepayment({ ...declared, status: 'settled' }, 'ann'))).toBe('DEBT_CLOSED');
    expect(code(() => refuseRepayment({ ...declared, status: 'settling' }, 'ann'))).toBe('DEBT_SETTLING');
  });

  it('not before the round paid out, not after it was settled or cancelled', () => {
    expect(code(() => declareRepayment({ ...debt, status: 'pending' }, 'bob'))).toBe('DEBT_NOT_DUE');
    expect(code(() => confirmRepayment({ ...debt, status: 'settled' }, 'ann'))).toBe('DEBT_CLOSED');
    expect(code(() => confirmRepayment({ ...debt, status: 'cancelled' }, 'ann'))).toBe('DEBT_CLOSED');
  });

  it('through the platform: the debtor only, not twice at once, not after declaring it by hand', () => {
    expect(code(() => startPlatformRepayment(debt, 'bob'))).toBe('ok');
    expect(code(() => startPlatformRepayment(debt, 'ann'))).toBe('NOT_DEBT_PARTY');
    expect(code(() => startPlatformRepayment({ ...debt, status: 'settling' }, 'bob'))).toBe('DEBT_SETTLING');
    expect(code(() => confirmRepayment({ ...debt, status: 'settling' }, 'ann'))).toBe('DEBT_SETTLING');
    expect(code(() => startPlatformRepayment({ ...debt, repaymentDeclaredAt: 1 }, 'bob'))).toBe(
      'DEBT_REPAYMENT_DECLARED',
    );
  });

  it("a deleted creditor's open debt is written off: not one on its way to them, nor someone else's", () => {
    expect(code(() => forgiveOnCreditorDeletion(debt, 'ann'))).toBe('ok');
    expect(code(() => forgiveOnCreditorDeletion(debt, 'bob'))).toBe('NOT_DEBT_PARTY');
    expect(code(() => forgiveOnCreditorDeletion({ ...debt, status: 'settling' }, 'ann'))).toBe(
      'DEBT_REPAYMENT_TO_YOU_UNDER_WAY',
    );
    expect(code(() => forgiveOnCreditorDeletion({ ...debt, status: 'pending' }, 'ann'))).toBe(
      'COVER_NOT_PAID_OUT',
    );
    expect(code(() => forgiveOnCreditorDeletion({ ...debt, status: 'settled' }, 'ann'))).toBe('DEBT_CLOSED');
    // A declared repayment the creditor never confirmed is written off too: they are gone.
    expect(code(() => forgiveOnCreditorDeletion({ ...debt, repaymentDeclaredAt: 1 }, 'ann'))).toBe('ok');
    const posting = forgivenPosting(debt);
    expect(isBalanced(posting)).toBe(true);
    expect(posting.key).toBe('member-debt-forgiven:d1');
    expect(posting.entries).toEqual([
      { account: 'member-payable:bob', userId: 'bob', amountCents: 5000 },
      { account: 'member-receivable:ann', userId: 'ann', amountCents: -5000 },
    ]);
  });

  it('the repayment brings receivable and payable back to zero, balanced, once per debt', () => {
    const posting = repaymentPosting(debt);
    expect(isBalanced(posting)).toBe(true);
    expect(posting.key).toBe('member-debt-repaid:d1');
    expect(posting.entries).toContainEqual({
      account: 'member-payable:bob',
      userId: 'bob',
      amountCents: 5000,
    });
    expect(posting.entries).toContainEqual({
      account: 'member-receivable:ann',
      userId: 'ann',
      amountCents: -5000,
    });
  });
});
