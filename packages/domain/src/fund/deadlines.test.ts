import { describe, expect, it } from 'vitest';
import { nextDeadline } from './deadlines';
import { days, FundHarness, T0 } from './fund-harness.test-support';
import { HOUR_MS } from './rules';

const members = ['ann', 'bob', 'cat'];
const payout = { hasPayoutAccount: () => false };

describe('deadlines are commands: the server asks what is due and hands over DeadlinePassed', () => {
  it('the next deadline of each phase: voting, confirmation, date vote, window close, emergency vote', () => {
    const h = new FundHarness();
    h.voteAll(members, [1000]);
    expect(nextDeadline(h.state, payout)).toBe(T0 + days(1));
    h.advance(days(1) - 1);
    expect(h.state.phase).toBe('voting');
    h.run({ type: 'VoteAmount', userId: 'bob', amountCents: 1000 });
    h.run({ type: 'VoteAmount', userId: 'cat', amountCents: 1000 });
    expect(nextDeadline(h.state, payout)).toBe(h.now + days(1));
    for (const userId of members) h.run({ type: 'VoteConfirmation', userId, accept: true });
    expect(nextDeadline(h.state, payout)).toBe(h.now + days(1));
    for (const userId of members) h.run({ type: 'VoteWithdrawalDate', userId, option: '14d' });
    expect(nextDeadline(h.state, payout)).toBe(h.state.round!.withdrawalAt);
    h.advance(h.state.round!.withdrawalAt - h.now);
    expect(nextDeadline(h.state, payout)).toBe(h.now + days(1));
  });

  it('nothing is due in a completed fund', () => {
    const h = new FundHarness();
    h.activeWith(['ann', 'bob'], 5000, '7d1h');
    for (let i = 0; i < 2; i++) {
      h.contributeAll('paypal');
      h.distribute();
    }
    expect(h.state.phase).toBe('completed');
    expect(nextDeadline(h.state, payout)).toBeNull();
  });

  it('one big clock jump plays out exactly like waiting hour by hour', () => {
    const hourly = new FundHarness();
    const jump = new FundHarness();
    for (const h of [hourly, jump]) {
      h.activeWith(['ann', 'bob', 'cat', 'dan'], 5000, '14d');
      h.openWindow();
      const payer = ['ann', 'bob', 'cat', 'dan'].find((id) => id !== h.state.round!.recipientId)!;
      h.run({ type: 'Contribute', userId: payer, contributionId: 'c1', method: 'paypal' });
    }
    // 20 days: window close, emergency votes unanswered, waits, second votes, skips, recipient timeout.
    for (let hour = 0; hour < 20 * 24; hour++) hourly.advance(HOUR_MS);
    jump.advance(20 * days(1));
    expect(jump.state).toEqual(hourly.state);
    expect(jump.events).toEqual(hourly.events);
    expect(jump.events.some((e) => e.type === 'RecipientTimedOut')).toBe(true);
  });
});
