import { describe, expect, it } from 'vitest';
import { platformFeeCents } from '../money';
import { emptyFund, evolveAll } from './evolve';
import { days, FundHarness } from './fund-harness.test-support';
import { HOUR_MS } from './rules';

const members = ['ann', 'bob', 'cat'];

function started(option: '7d1h' | '14d' = '14d') {
  const h = new FundHarness();
  h.activeWith(members, 5000, option);
  const recipient = h.state.round!.recipientId;
  const payers = members.filter((id) => id !== recipient);
  return { h, recipient, payers };
}

describe('phase 6, rounds and contributions', () => {
  it('contributions only inside the window: the 7 days before the withdrawal date', () => {
    const { h, payers } = started();
    expect(h.refusal({ type: 'Contribute', userId: payers[0]!, contributionId: 'c', method: 'card' })).toBe(
      'CONTRIBUTION_WINDOW_CLOSED',
    );
    h.openWindow();
    h.run({ type: 'Contribute', userId: payers[0]!, contributionId: 'c', method: 'card' });
    expect(h.state.contributions[0]).toMatchObject({ amountCents: 5000, status: 'authorized' });
  });

  it('the recipient does not contribute; a non-participant is not eligible; nobody contributes twice', () => {
    const { h, recipient, payers } = started();
    h.openWindow();
    expect(h.refusal({ type: 'Contribute', userId: recipient, contributionId: 'c', method: 'card' })).toBe(
      'NOT_ELIGIBLE',
    );
    expect(h.refusal({ type: 'Contribute', userId: 'stranger', contributionId: 'c', method: 'card' })).toBe(
      'NOT_ELIGIBLE',
    );
    h.run({ type: 'Contribute', userId: payers[0]!, contributionId: 'c1', method: 'paypal' });
    expect(h.refusal({ type: 'Contribute', userId: payers[0]!, contributionId: 'c2', method: 'card' })).toBe(
      'ALREADY_CONTRIBUTED',
    );
  });

  it('a declined card frees the member to pay again', () => {
    const { h, payers } = started();
    h.openWindow();
    h.run({ type: 'Contribute', userId: payers[0]!, contributionId: 'c1', method: 'card' });
    h.run({ type: 'ContributionPaymentFailed', contributionId: 'c1' });
    h.run({ type: 'Contribute', userId: payers[0]!, contributionId: 'c2', method: 'card' });
    expect(h.state.contributions.map((c) => c.id)).toEqual(['c2']);
  });

  it('a card refused after the round was ready (its payer never confirmed it) reopens the round; at the end of the window the member has missed', () => {
    const { h, recipient, payers } = started();
    h.payoutAccounts.add(recipient);
    h.openWindow();
    h.run({ type: 'Contribute', userId: payers[0]!, contributionId: 'c1', method: 'card' });
    h.run({ type: 'Contribute', userId: payers[1]!, contributionId: 'c2', method: 'card' });
    expect(h.state.phase).toBe('awaiting_withdrawal');
    const events = h.run({ type: 'ContributionPaymentFailed', contributionId: 'c2' });
    expect(events.map((e) => e.type)).toEqual(['ContributionFailed', 'RoundReopened']);
    expect(h.state.phase).toBe('collecting');
    expect(h.state.round).toMatchObject({ state: 'collecting', readyAt: null, recipientTimeoutAt: null });
    expect(h.refusal({ type: 'Withdraw', userId: recipient })).toBe('INSUFFICIENT_CONTRIBUTIONS');
    h.advance(h.state.round!.withdrawalAt - h.now);
    expect(h.state.round!.emergencies.map((v) => v.memberId)).toEqual([payers[1]]);
  });

  it('when everything is in, only the recipient withdraws: gross minus 2.5 % half-up and 50 cents', () => {
    const { h, recipient, payers } = started();
    h.payoutAccounts.add(recipient);
    h.openWindow();
    h.run({ type: 'Contribute', userId: payers[0]!, contributionId: 'c1', method: 'card' });
    expect(h.refusal({ type: 'Withdraw', userId: recipient })).toBe('INSUFFICIENT_CONTRIBUTIONS');
    h.run({ type: 'Contribute', userId: payers[1]!, contributionId: 'c2', method: 'paypal' });
    expect(h.state.phase).toBe('awaiting_withdrawal');
    expect(h.refusal({ type: 'Withdraw', userId: payers[0]! })).toBe('NOT_CURRENT_RECIPIENT');
    const [started_] = h.run({ type: 'Withdraw', userId: recipient });
    expect(started_).toMatchObject({
      type: 'DistributionStarted',
      grossCents: 10000,
      feeCents: 300,
      netCents: 9700,
    });
    expect(h.refusal({ type: 'Withdraw', userId: recipient })).toBe('CANNOT_WITHDRAW_NOW');
    h.run({ type: 'DistributionSucceeded' });
    expect(h.state.received).toEqual([
      expect.objectContaining({ recipientId: recipient, grossCents: 10000, netCents: 9700 }),
    ]);
    expect(h.state.round!.number).toBe(2);
  });

  it('a failed payout leaves the money where it is and the round awaiting withdrawal', () => {
    const { h, recipient } = started();
    h.contributeAll('card');
    h.payoutAccounts.add(recipient);
    h.run({ type: 'Withdraw', userId: recipient });
    h.run({ type: 'DistributionFailed' });
    expect(h.state.round).toMatchObject({ state: 'awaiting_withdrawal', payoutFailed: true });
    expect(h.state.contributions.every((c) => c.status === 'authorized')).toBe(true);
  });

  it('a manual contribution counts once the recipient confirms it, and carries no fee', () => {
    const { h, recipient, payers } = started();
    h.openWindow();
    h.run({ type: 'Contribute', userId: payers[0]!, contributionId: 'm1', method: 'manual' });
    h.run({ type: 'Contribute', userId: payers[1]!, contributionId: 'm2', method: 'manual' });
    expect(h.state.phase).toBe('collecting');
    expect(h.refusal({ type: 'ConfirmReceipt', userId: payers[0]!, contributionId: 'm1' })).toBe(
      'NOT_CURRENT_RECIPIENT',
    );
    h.run({ type: 'ConfirmReceipt', userId: recipient, contributionId: 'm1' });
    h.run({ type: 'ConfirmReceipt', userId: recipient, contributionId: 'm2' });
    expect(h.state.round!.recipientTimeoutAt).toBeNull();
    const [done] = h.run({ type: 'Withdraw', userId: recipient });
    expect(done).toMatchObject({ type: 'RoundDistributed', grossCents: 10000, feeCents: 0, netCents: 10000 });
  });

  it('the recipient may say a payment declared by hand never came: it goes, and the member pays again another way', () => {
    const { h, recipient, payers } = started();
    h.openWindow();
    h.run({ type: 'Contribute', userId: payers[0]!, contributionId: 'm1', method: 'manual' });
    h.run({ type: 'Contribute', userId: payers[1]!, contributionId: 'm2', method: 'manual' });
    // Only the recipient answers a declaration, and only one still waiting.
    expect(h.refusal({ type: 'RefuseReceipt', userId: payers[1]!, contributionId: 'm1' })).toBe(
      'NOT_CURRENT_RECIPIENT',
    );
    h.run({ type: 'ConfirmReceipt', userId: recipient, contributionId: 'm2' });
    expect(h.refusal({ type: 'RefuseReceipt', userId: recipient, contributionId: 'm2' })).toBe(
      'CONTRIBUTION_NOT_FOUND',
    );
    // While it waits, the member's own declaration bars a second payment (paying twice).
    expect(h.refusal({ type: 'Contribute', userId: payers[0]!, contributionId: 'c1', method: 'card' })).toBe(
      'ALREADY_CONTRIBUTED',
    );
    const events = h.run({ type: 'RefuseReceipt', userId: recipient, contributionId: 'm1' });
    expect(events).toEqual([
      { type: 'ReceiptRefused', at: h.now, contributionId: 'm1', memberId: payers[0] },
    ]);
    expect(h.state.contributions.map((c) => c.id)).toEqual(['m2']);
    expect(h.refusal({ type: 'RefuseReceipt', userId: recipient, contributionId: 'm1' })).toBe(
      'CONTRIBUTION_NOT_FOUND',
    );
    h.payoutAccounts.add(recipient);
    h.run({ type: 'Contribute', userId: payers[0]!, contributionId: 'c1', method: 'card' });
    expect(h.state.phase).toBe('awaiting_withdrawal');
  });

  it('the member may take back their own declaration before the recipient answers it, and pay another way', () => {
    const { h, recipient, payers } = started();
    h.openWindow();
    h.run({ type: 'Contribute', userId: payers[0]!, contributionId: 'm1', method: 'manual' });
    h.run({ type: 'Contribute', userId: payers[1]!, contributionId: 'm2', method: 'manual' });
    // Only the one who declared it, not the recipient nor another member.
    for (const userId of [recipient, payers[1]!])
      expect(h.refusal({ type: 'CancelDeclaration', userId, contributionId: 'm1' })).toBe(
        'CONTRIBUTION_NOT_FOUND',
      );
    const events = h.run({ type: 'CancelDeclaration', userId: payers[0]!, contributionId: 'm1' });
    expect(events).toEqual([
      { type: 'DeclarationCancelled', at: h.now, contributionId: 'm1', memberId: payers[0] },
    ]);
    expect(h.state.contributions.map((c) => c.id)).toEqual(['m2']);
    // Gone: neither taken back twice nor answered by the recipient.
    expect(h.refusal({ type: 'CancelDeclaration', userId: payers[0]!, contributionId: 'm1' })).toBe(
      'CONTRIBUTION_NOT_FOUND',
    );
    expect(h.refusal({ type: 'ConfirmReceipt', userId: recipient, contributionId: 'm1' })).toBe(
      'CONTRIBUTION_NOT_FOUND',
    );
    // Once confirmed, the money is the recipient's: it cannot be taken back.
    h.run({ type: 'ConfirmReceipt', userId: recipient, contributionId: 'm2' });
    expect(h.refusal({ type: 'CancelDeclaration', userId: payers[1]!, contributionId: 'm2' })).toBe(
      'CONTRIBUTION_NOT_FOUND',
    );
    h.payoutAccounts.add(recipient);
    h.run({ type: 'Contribute', userId: payers[0]!, contributionId: 'c1', method: 'card' });
    expect(h.state.phase).toBe('awaiting_withdrawal');
  });

  it('after the window closed, the member’s own declaration stands until the recipient answers it; in a granted wait it may go', () => {
    const { h, recipient, payers } = started();
    h.openWindow();
    h.run({ type: 'Contribute', userId: payers[0]!, contributionId: 'c1', method: 'card' });
    h.run({ type: 'Contribute', userId: payers[1]!, contributionId: 'm2', method: 'manual' });
    h.advance(h.state.round!.withdrawalAt - h.now);
    // Taken back now, he could not pay until a vote granted a wait: it stays for the recipient.
    expect(h.refusal({ type: 'CancelDeclaration', userId: payers[1]!, contributionId: 'm2' })).toBe(
      'CONTRIBUTION_WINDOW_CLOSED',
    );
    const [vote] = h.state.round!.emergencies;
    for (const voter of vote!.voters)
      h.run({ type: 'VoteEmergency', userId: voter, voteId: vote!.id, choice: 'wait' });
    expect(h.run({ type: 'CancelDeclaration', userId: payers[1]!, contributionId: 'm2' })).toEqual([
      { type: 'DeclarationCancelled', at: h.now, contributionId: 'm2', memberId: payers[1] },
    ]);
    h.payoutAccounts.add(recipient);
    h.run({ type: 'Contribute', userId: payers[1]!, contributionId: 'c2', method: 'card' });
    expect(h.state.phase).toBe('awaiting_withdrawal');
  });

  it('a declaration refused after the window closed leaves the vote about the member, and the strike, as they were', () => {
    const { h, recipient, payers } = started();
    h.openWindow();
    h.run({ type: 'Contribute', userId: payers[0]!, contributionId: 'c1', method: 'card' });
    h.run({ type: 'Contribute', userId: payers[1]!, contributionId: 'm2', method: 'manual' });
    h.advance(h.state.round!.withdrawalAt - h.now);
    const [vote] = h.state.round!.emergencies;
    expect(vote!.memberId).toBe(payers[1]);
    const strikes = h.state.strikes[payers[1]!];
    expect(strikes).toBe(1);
    h.run({ type: 'RefuseReceipt', userId: recipient, contributionId: 'm2' });
    expect(h.state.round!.emergencies).toEqual([vote]);
    expect(h.state.strikes[payers[1]!]).toBe(strikes);
    // The family grants a wait: in it the member pays, now by card, and the round goes on.
    for (const voter of vote!.voters)
      h.run({ type: 'VoteEmergency', userId: voter, voteId: vote!.id, choice: 'wait' });
    h.payoutAccounts.add(recipient);
    h.run({ type: 'Contribute', userId: payers[1]!, contributionId: 'c2', method: 'card' });
    expect(h.state.phase).toBe('awaiting_withdrawal');
    expect(h.state.strikes[payers[1]!]).toBe(strikes);
  });

  it('a full cycle: every participant receives exactly once, then the cycle completes with its history', () => {
    const h = new FundHarness();
    h.activeWith(members, 5000, '7d1h');
    for (let round = 1; round <= 3; round++) {
      h.contributeAll('card');
      h.distribute();
    }
    expect(h.state.phase).toBe('completed');
    const history = h.history[0]!;
    expect(history.recipients.map((r) => r.recipientId).sort()).toEqual([...members].sort());
    expect(history.totalContributionsCents).toBe(3 * 2 * 5000);
    expect(history.createdAt).toBe(h.events[0]!.at);
    expect(history.completedAt).toBe(h.now);
    expect(history.recipients.map((r) => r.roundNumber)).toEqual([1, 2, 3]);
    expect(history.order).toEqual(h.state.order);
    expect(history.recipients.every((r) => r.netCents === 10000 - platformFeeCents(10000))).toBe(true);
    expect(h.state.completedCycles).toBe(1);
    expect(h.state.memberCycles).toEqual({ ann: 1, bob: 1, cat: 1 });
    h.run({ type: 'OpenVoting', members, nonce: 'ab'.repeat(32) });
    expect(h.state.cycleNumber).toBe(2);
  });

  it("a round's payout and a cycle's end take what they settled out of the state, into their events: a fund's state does not grow with its age", () => {
    const h = new FundHarness();
    h.activeWith(members, 5000, '14d');
    // The first recipient has no payout account: after 24 h the round's money is due back.
    h.contributeAll('card');
    h.advance(days(1));
    const due = h.state.contributions.filter((c) => c.status === 'refund_due').map((c) => c.id);
    expect(due).toHaveLength(2);
    const settledBy = (type: 'RoundDistributed' | 'CycleCompleted', events = h.events) =>
      events.flatMap((e) => (e.type === type ? (e.settled ?? []) : []));
    const completeCycle = () => {
      const from = h.events.length;
      while (h.state.phase !== 'completed') {
        h.contributeAll('card');
        h.distribute();
        // What is left in play after each payout: only the money still owed back.
        expect(h.state.contributions.every((c) => c.status === 'refund_due' || c.status === 'refunded')).toBe(
          true,
        );
      }
      return h.events.slice(from);
    };

    const first = completeCycle();
    const paid = settledBy('RoundDistributed', first);
    expect(paid).toHaveLength(6);
    expect(paid.every((c) => c.status === 'paid_out' && c.cycleNumber === 1)).toBe(true);
    expect(settledBy('CycleCompleted', first)).toEqual([]);
    expect(h.history[0]!.totalContributionsCents).toBe(6 * 5000);
    // Money still owed back stays in play, whatever its cycle.
    expect(h.state.contributions.map((c) => c.id)).toEqual(due);

    for (const contributionId of due) h.run({ type: 'RefundCompleted', contributionId });
    h.activeWith(members, 7000, '14d');
    const second = completeCycle();
    expect(settledBy('CycleCompleted', second).map((c) => [c.id, c.status, c.cycleNumber])).toEqual(
      due.map((id) => [id, 'refunded', 1]),
    );
    expect(settledBy('RoundDistributed', second).map((c) => [c.cycleNumber, c.amountCents])).toEqual(
      Array.from({ length: 6 }, () => [2, 7000]),
    );
    expect(h.history[1]!.totalContributionsCents).toBe(6 * 7000);
    expect(h.state.contributions).toEqual([]);
  });

  it('events written before contributions left the state replay as they did: paid out, and kept', () => {
    const h = new FundHarness();
    h.activeWith(members, 5000, '7d1h');
    while (h.state.phase !== 'completed') {
      h.contributeAll('card');
      h.distribute();
    }
    const old = h.events.map((e) => {
      if (e.type !== 'RoundDistributed' && e.type !== 'CycleCompleted') return e;
      const { settled: _settled, ...rest } = e;
      return rest;
    });
    const replayed = evolveAll(emptyFund('fund-1'), old);
    expect(replayed.contributions).toHaveLength(6);
    expect(replayed.contributions.every((c) => c.status === 'paid_out')).toBe(true);
    expect(replayed.memberCycles).toEqual(h.state.memberCycles);
    expect({ ...replayed, contributions: [] }).toEqual(h.state);
  });
});

describe('recipient timeout', () => {
  it('no payout account: 24 h, then refunds, the recipient moves to the end, a fresh 7-day window', () => {
    const { h, recipient } = started();
    h.contributeAll('card');
    expect(h.state.round!.recipientTimeoutAt).toBe(h.now + days(1));
    expect(h.refusal({ type: 'Withdraw', userId: recipient })).toBe('PAYOUT_ACCOUNT_REQUIRED');
    const events = h.advance(days(1));
    expect(events[0]).toMatchObject({ type: 'RecipientTimedOut', recipientId: recipient });
    expect(h.state.contributions.every((c) => c.status === 'refund_due')).toBe(true);
    expect(h.state.order.at(-1)).toBe(recipient);
    const round = h.state.round!;
    expect(round.recipientId).not.toBe(recipient);
    expect(round.windowOpensAt).toBe(h.now);
    expect(round.withdrawalAt - round.windowOpensAt).toBe(days(7));
  });

  it('connecting an account in time lets the recipient withdraw', () => {
    const { h, recipient } = started();
    h.contributeAll('card');
    h.advance(12 * HOUR_MS);
    h.payoutAccounts.add(recipient);
    h.advance(days(1));
    expect(h.state.round!.recipientId).toBe(recipient);
    h.run({ type: 'Withdraw', userId: recipient });
    expect(h.state.round!.state).toBe('distributing');
  });

  it('an account that becomes active ends the 24 hours in the state itself, once', () => {
    const { h, recipient } = started();
    h.contributeAll('card');
    const changed = { type: 'PayoutAccountChanged', userId: recipient } as const;
    expect(h.run(changed)).toEqual([]); // still none
    h.advance(HOUR_MS);
    h.payoutAccounts.add(recipient);
    expect(h.run(changed)).toEqual([{ type: 'RecipientAccountConnected', at: h.now }]);
    expect(h.state.round).toMatchObject({ state: 'awaiting_withdrawal', recipientTimeoutAt: null });
    expect(h.run(changed)).toEqual([]);
    expect(h.advance(days(3)).some((e) => e.type === 'RecipientTimedOut')).toBe(false);
    expect(h.state.round!.recipientId).toBe(recipient);
  });

  it('an account lost before the payout gives the recipient 24 hours from then, never a round without a deadline', () => {
    const { h, recipient } = started();
    h.payoutAccounts.add(recipient);
    h.contributeAll('card');
    expect(h.state.round).toMatchObject({ state: 'awaiting_withdrawal', recipientTimeoutAt: null });
    h.advance(days(2));
    h.payoutAccounts.delete(recipient);
    const lost = h.run({ type: 'PayoutAccountChanged', userId: recipient });
    expect(lost).toEqual([{ type: 'RecipientAccountLost', at: h.now, recipientTimeoutAt: h.now + days(1) }]);
    expect(h.run({ type: 'PayoutAccountChanged', userId: recipient })).toEqual([]);
    const events = h.advance(days(1));
    expect(events[0]).toMatchObject({ type: 'RecipientTimedOut', recipientId: recipient });
  });

  it('any command catches up an account change the round missed (a round written by an earlier release)', () => {
    const { h, recipient } = started();
    h.contributeAll('card');
    h.payoutAccounts.add(recipient); // active, and the fund not told
    const other = h.state.participants.find((id) => id !== recipient)!;
    expect(h.run({ type: 'PayoutAccountChanged', userId: other })).toEqual([
      { type: 'RecipientAccountConnected', at: h.now },
    ]);
    h.payoutAccounts.delete(recipient);
    h.advance(HOUR_MS);
    expect(h.events.at(-1)).toEqual({
      type: 'RecipientAccountLost',
      at: h.now,
      recipientTimeoutAt: h.now + days(1),
    });
  });

  it('a round of cash only, or one whose payout was tried, is not put on a clock by an account', () => {
    const cash = started();
    cash.h.contributeAll('manual');
    expect(cash.h.run({ type: 'PayoutAccountChanged', userId: cash.recipient })).toEqual([]);
    const tried = started();
    tried.h.contributeAll('card');
    tried.h.payoutAccounts.add(tried.recipient);
    tried.h.run({ type: 'Withdraw', userId: tried.recipient });
    tried.h.run({ type: 'DistributionFailed' });
    tried.h.payoutAccounts.delete(tried.recipient);
    expect(tried.h.run({ type: 'PayoutAccountChanged', userId: tried.recipient })).toEqual([]);
    expect(tried.h.state.round!.recipientTimeoutAt).toBeNull();
  });

  it('a recipient who withdrew is not timed out when the payout fails: the money waits in escrow for their next try', () => {
    const { h, recipient } = started();
    h.contributeAll('paypal');
    h.payoutAccounts.add(recipient);
    h.run({ type: 'Withdraw', userId: recipient });
    // Part of it may have reached their PayPal email before their account refused the rest.
    h.run({ type: 'DistributionFailed' });
    h.payoutAccounts.delete(recipient);
    const events = h.advance(days(2));
    expect(events.some((e) => e.type === 'RecipientTimedOut')).toBe(false);
    expect(h.state.round).toMatchObject({
      recipientId: recipient,
      state: 'awaiting_withdrawal',
      payoutFailed: true,
    });
    expect(h.state.contributions.some((c) => c.status === 'refund_due')).toBe(false);
  });

  it('refund on request: a contribution due back can be asked for by its contributor, once', () => {
    const { h } = started();
    h.contributeAll('paypal');
    h.advance(days(1));
    const refund = h.state.contributions[0]!;
    expect(h.refusal({ type: 'RequestRefund', userId: 'nobody', contributionId: refund.id })).toBe(
      'CONTRIBUTION_NOT_FOUND',
    );
    h.run({ type: 'RequestRefund', userId: refund.contributorId, contributionId: refund.id });
    h.run({ type: 'RefundCompleted', contributionId: refund.id });
    expect(
      h.refusal({ type: 'RequestRefund', userId: refund.contributorId, contributionId: refund.id }),
    ).toBe('NOT_REFUNDABLE');
  });
});
