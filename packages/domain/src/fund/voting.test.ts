import { describe, expect, it } from 'vitest';
import { commitmentOf, drawOrder, drawSeed } from '../draw';
import { days, FundHarness, NONCE } from './fund-harness.test-support';
import { pickWithdrawalOption } from './voting';

const members = ['ann', 'bob', 'cat'];

describe('phase 1, amount voting', () => {
  it('closes when every member has voted; the amount is the median', () => {
    const h = new FundHarness();
    h.voteAll(members, [4000, 6000, 5000]);
    expect(h.state.phase).toBe('confirmation');
    expect(h.state.finalAmountCents).toBe(5000);
    expect(h.state.participants).toEqual(members);
  });

  it('with an even count the amount is the mean of the two middle votes, half-up', () => {
    const h = new FundHarness();
    h.voteAll(['a', 'b'], [1000, 1001]);
    expect(h.state.finalAmountCents).toBe(1001);
  });

  it('participants are exactly who voted by the 24 h deadline', () => {
    const h = new FundHarness();
    h.voteAll(members, [4000, 6000]);
    expect(h.state.phase).toBe('voting');
    h.advance(days(1));
    expect(h.state.phase).toBe('confirmation');
    expect(h.state.participants).toEqual(['ann', 'bob']);
  });

  it('fewer than 2 voters at close cancels the fund; any member may start a new one', () => {
    const h = new FundHarness();
    h.voteAll(members, [4000]);
    h.advance(days(1));
    expect(h.state.phase).toBe('cancelled');
    expect(h.state.cancelReason).toBe('not enough participants');
    h.run({ type: 'OpenVoting', members, nonce: NONCE });
    expect(h.state.phase).toBe('voting');
  });

  it('a member votes once per voting round', () => {
    const h = new FundHarness();
    h.voteAll(members, [4000]);
    expect(h.refusal({ type: 'VoteAmount', userId: 'ann', amountCents: 4000 })).toBe('ALREADY_VOTED');
  });

  it.each([
    [99, 'INVALID_AMOUNT'],
    [1_000_001, 'INVALID_AMOUNT'],
    [50.5, 'INVALID_AMOUNT'],
  ])('refuses a vote of %s cents', (amountCents, code) => {
    const h = new FundHarness();
    h.voteAll(members, []);
    expect(h.refusal({ type: 'VoteAmount', userId: 'ann', amountCents })).toBe(code);
  });

  it('someone who was not a member when voting opened cannot vote; voting after the deadline is refused', () => {
    const h = new FundHarness();
    h.voteAll(members, [100, 200]);
    expect(h.refusal({ type: 'VoteAmount', userId: 'late', amountCents: 100 })).toBe(
      'NOT_AUTHORIZED_PARTICIPANT',
    );
    h.now += days(1);
    expect(h.refusal({ type: 'VoteAmount', userId: 'cat', amountCents: 100 })).toBe('WRONG_PHASE');
  });
});

describe('phase 2, confirmation', () => {
  it('all accept: the fund activates with a verifiable draw', () => {
    const h = new FundHarness();
    h.voteAll(members, [4000, 6000, 5000]);
    expect(h.state.commitment).toBe(commitmentOf(NONCE));
    for (const userId of members) h.run({ type: 'VoteConfirmation', userId, accept: true });
    expect(h.state.phase).toBe('date_voting');
    expect(h.state.nonceRevealed).toBe(true);
    const seed = drawSeed({
      nonceHex: NONCE,
      fundId: 'fund-1',
      cycleNumber: 1,
      votes: [
        { userId: 'ann', amountCents: 4000 },
        { userId: 'bob', amountCents: 6000 },
        { userId: 'cat', amountCents: 5000 },
      ],
    });
    expect(h.state.seed).toBe(seed);
    expect(h.state.order).toEqual(drawOrder(members, seed));
  });

  it('non-responders count as accepted at the 24 h deadline', () => {
    const h = new FundHarness();
    h.voteAll(
      members,
      [1, 2, 3].map((n) => n * 1000),
    );
    h.run({ type: 'VoteConfirmation', userId: 'ann', accept: true });
    const events = h.advance(days(1));
    expect(events.map((e) => e.type)).toEqual(['ConfirmationTimedOut', 'FundActivated']);
    expect(events[0]).toMatchObject({ nonResponders: ['bob', 'cat'] });
  });

  it.each([
    ['', 'DISMISSAL_REASON_REQUIRED'],
    ['   ', 'DISMISSAL_REASON_REQUIRED'],
    ['x'.repeat(500), 'DISMISSAL_REASON_TOO_LONG'],
  ])('a dismissal reason of %j is refused', (reason, code) => {
    const h = new FundHarness();
    h.voteAll(members, [1000, 1000, 1000]);
    expect(h.refusal({ type: 'VoteConfirmation', userId: 'ann', accept: false, reason })).toBe(code);
  });

  it('one dismissal (499 characters is fine) needs every acknowledgment, then voting restarts', () => {
    const h = new FundHarness();
    h.voteAll(members, [1000, 1000, 1000]);
    h.run({ type: 'VoteConfirmation', userId: 'ann', accept: false, reason: 'x'.repeat(499) });
    expect(h.state.phase).toBe('dismissal_acknowledgment');
    h.run({ type: 'AcknowledgeDismissal', userId: 'bob' });
    expect(h.refusal({ type: 'AcknowledgeDismissal', userId: 'bob' })).toBe('ALREADY_VOTED');
    h.run({ type: 'AcknowledgeDismissal', userId: 'cat' });
    expect(h.state.phase).toBe('voting');
    expect(h.state.votingRound).toBe(2);
    expect(h.state.commitment).toBe(commitmentOf(NONCE));
  });

  it('non-acknowledgers count as acknowledged at the 24 h deadline', () => {
    const h = new FundHarness();
    h.voteAll(members, [1000, 1000, 1000]);
    h.run({ type: 'VoteConfirmation', userId: 'ann', accept: false, reason: 'too much' });
    const events = h.advance(days(1));
    expect(events[0]).toMatchObject({
      type: 'DismissalAcknowledgmentTimedOut',
      nonAcknowledgers: ['bob', 'cat'],
    });
    expect(h.state.phase).toBe('voting');
  });
});

describe('phase order: each step waits for the one before', () => {
  it('confirming while amount voting is open: Voting not complete', () => {
    const h = new FundHarness();
    h.voteAll(members, [1000]);
    expect(h.refusal({ type: 'VoteConfirmation', userId: 'ann', accept: true })).toBe('VOTING_NOT_COMPLETE');
  });

  it('voting the withdrawal date while the amount is being confirmed: Confirmation not complete', () => {
    const h = new FundHarness();
    h.voteAll(members, [1000, 1000, 1000]);
    expect(h.refusal({ type: 'VoteWithdrawalDate', userId: 'ann', option: '14d' })).toBe(
      'CONFIRMATION_NOT_COMPLETE',
    );
  });

  it('opening voting while a cycle runs is refused', () => {
    const h = new FundHarness();
    h.voteAll(members, [1000]);
    expect(h.refusal({ type: 'OpenVoting', members, nonce: NONCE })).toBe('FUND_ALREADY_RUNNING');
  });
});

describe('phase 3, restart vote', () => {
  it('more than half of the participants restart voting', () => {
    const h = new FundHarness();
    h.voteAll(members, [1000, 1000, 1000]);
    h.run({ type: 'VoteRestart', userId: 'ann' });
    expect(h.state.phase).toBe('confirmation');
    h.run({ type: 'VoteRestart', userId: 'bob' });
    expect(h.state.phase).toBe('voting');
  });

  it('is closed once the cycle has its first contribution', () => {
    const h = new FundHarness();
    h.activeWith(members);
    h.openWindow();
    const payer = members.find((id) => id !== h.state.round!.recipientId)!;
    h.run({ type: 'Contribute', userId: payer, contributionId: 'c1', method: 'card' });
    expect(h.refusal({ type: 'VoteRestart', userId: payer })).toBe('WRONG_PHASE');
  });
});

describe('phase 5, withdrawal-date vote', () => {
  it.each([
    [['14d', '14d', '28d'], '14d'],
    [['14d', '28d'], '14d'],
    [['14d', '21d'], '21d'],
    [['28d', '21d', '28d', '21d'], '21d'],
    [[], '21d'],
  ] as const)('votes %j choose %s', (votes, expected) => {
    expect(pickWithdrawalOption(votes)).toBe(expected);
  });

  it('7d1h is offered only with the test clock', () => {
    const h = new FundHarness();
    h.testClock = false;
    h.voteAll(members, [1000, 1000, 1000]);
    for (const userId of members) h.run({ type: 'VoteConfirmation', userId, accept: true });
    expect(h.refusal({ type: 'VoteWithdrawalDate', userId: 'ann', option: '7d1h' })).toBe('INVALID_OPTION');
  });

  it('the chosen length fixes the first round: window is the 7 days before the withdrawal date', () => {
    const h = new FundHarness();
    h.activeWith(members, 5000, '21d');
    const round = h.state.round!;
    expect(round.withdrawalAt - round.startsAt).toBe(days(21));
    expect(round.withdrawalAt - round.windowOpensAt).toBe(days(7));
    expect(round.recipientId).toBe(h.state.order[0]);
  });
});
