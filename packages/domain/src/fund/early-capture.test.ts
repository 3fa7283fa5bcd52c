import { describe, expect, it } from 'vitest';
import { balances, checkJournal, ledgerAccount } from '../ledger';
import { days, FundHarness, journalOf } from './fund-harness.test-support';

const members = ['ann', 'bob', 'cat'];

function collecting() {
  const h = new FundHarness();
  h.activeWith(members, 5000, '14d');
  h.contributeAll('card');
  return h;
}

describe('a card hold captured before it expires (ADR 0048)', () => {
  it('counts as before, booked once at the provider: the payout captures only the holds still on the cards', () => {
    const h = collecting();
    const [early, late] = h.state.contributions;
    const [captured] = h.run({ type: 'HoldCaptured', contributionId: early!.id });
    expect(captured).toMatchObject({ type: 'ContributionCaptured', contributionId: early!.id });
    expect(h.state.contributions.map((c) => c.status)).toEqual(['captured', 'authorized']);
    expect(h.state.round!.state).toBe('awaiting_withdrawal');
    // Once: a second capture of the same hold, or of one the fund no longer holds, is refused.
    expect(h.refusal({ type: 'HoldCaptured', contributionId: early!.id })).toBe('CONTRIBUTION_NOT_FOUND');
    expect(h.refusal({ type: 'HoldCaptured', contributionId: 'nobody' })).toBe('CONTRIBUTION_NOT_FOUND');

    // The recipient, with a payout account, has no timeout: they withdraw days later.
    h.payoutAccounts.add(h.state.round!.recipientId);
    h.advance(days(10));
    h.run({ type: 'Withdraw', userId: h.state.round!.recipientId });
    h.run({ type: 'DistributionSucceeded' });
    const journal = journalOf(h.events);
    expect(checkJournal(journal)).toEqual([]);
    const captures = journal.filter((t) => t.kind === 'contribution').map((t) => t.key);
    expect(captures).toEqual([`contribution:${early!.id}`, `contribution:${late!.id}`]);
    // Everything captured was paid out: nothing is left at the provider.
    expect(balances(journal).get(ledgerAccount.providerHeld('card')) ?? 0).toBe(0);
  });

  it('given back after it was captured (the recipient timed out), it is refunded from the provider balance, not released from a card', () => {
    const h = collecting();
    const [held] = h.state.contributions;
    h.run({ type: 'HoldCaptured', contributionId: held!.id });
    // The recipient has no payout account: after 24 h the round's money goes back.
    h.advance(days(2));
    const due = h.state.contributions.find((c) => c.id === held!.id);
    expect(due).toMatchObject({ status: 'refund_due', statusBeforeRefund: 'captured' });
    h.run({ type: 'RefundCompleted', contributionId: held!.id });
    const journal = journalOf(h.events);
    expect(checkJournal(journal)).toEqual([]);
    const refund = journal.find((t) => t.key === `refund:${held!.id}`)!;
    expect(refund.entries).toContainEqual({
      account: ledgerAccount.providerHeld('card'),
      userId: null,
      amountCents: -5000,
    });
    expect(balances(journal).get(ledgerAccount.providerHeld('card')) ?? 0).toBe(0);
  });

  it('a payout that fails after capturing the rest leaves every hold captured, each booked once', () => {
    const h = collecting();
    const [early, late] = h.state.contributions;
    h.run({ type: 'HoldCaptured', contributionId: early!.id });
    // The recipient, with a payout account, has no timeout: they withdraw days later.
    h.payoutAccounts.add(h.state.round!.recipientId);
    h.advance(days(10));
    h.run({ type: 'Withdraw', userId: h.state.round!.recipientId });
    h.run({ type: 'DistributionFailed', captured: [early!.id, late!.id] });
    expect(h.state.contributions.map((c) => c.status)).toEqual(['captured', 'captured']);
    const journal = journalOf(h.events);
    expect(checkJournal(journal)).toEqual([]);
    expect(balances(journal).get(ledgerAccount.providerHeld('card'))).toBe(10_000);
  });

  it('only a card hold: PayPal and manual money are not held on a card', () => {
    const h = new FundHarness();
    h.activeWith(members, 5000, '14d');
    h.contributeAll('paypal');
    const [paypal] = h.state.contributions;
    expect(h.refusal({ type: 'HoldCaptured', contributionId: paypal!.id })).toBe('CONTRIBUTION_NOT_FOUND');
  });
});
