import type { DebtView } from '@giro/contract/debts';
import { describe, expect, it } from 'vitest';
import { debtItem } from './debt-item';

const debt = (over: Partial<DebtView>): DebtView => ({
  id: 'd',
  debtorId: 'bob',
  creditorId: 'ann',
  debtorName: 'Bob',
  creditorName: 'Ann',
  amountCents: 5000,
  reason: 'cover',
  status: 'open',
  createdAt: '2030-01-01T00:00:00.000Z',
  repaymentDeclaredAt: null,
  settledAt: null,
  creditorCanReceive: true,
  ...over,
});

describe('the debt on the Now card', () => {
  it('the debtor repays a due debt, then waits; a debt not due yet is only news', () => {
    expect(debtItem([debt({})], 'bob')?.kind).toBe('repay_debt');
    expect(debtItem([debt({ repaymentDeclaredAt: '2030-01-02T00:00:00.000Z' })], 'bob')?.kind).toBe(
      'repayment_waiting',
    );
    expect(debtItem([debt({ status: 'pending' })], 'bob')?.kind).toBe('debt_pending');
    expect(debtItem([debt({ status: 'settling' })], 'bob')?.kind).toBe('repayment_waiting');
    expect(debtItem([debt({ status: 'settled' })], 'bob')).toBeNull();
  });

  it('the creditor confirms a declared repayment first; nothing to do before it is declared', () => {
    const declared = debt({ id: 'x', repaymentDeclaredAt: '2030-01-02T00:00:00.000Z' });
    expect(debtItem([debt({}), declared], 'ann')).toEqual({ kind: 'confirm_repayment', debt: declared });
    expect(debtItem([debt({})], 'ann')).toBeNull();
    const mineToo = debt({ id: 'y', debtorId: 'ann', creditorId: 'cat' });
    expect(debtItem([mineToo, declared], 'ann')?.kind).toBe('confirm_repayment');
  });
});
