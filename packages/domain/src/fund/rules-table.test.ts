import { describe, expect, it } from 'vitest';
import { DomainError } from '../errors';
import { decide } from './decide';
import { emptyFund, evolveAll } from './evolve';
import { FundHarness, NONCE } from './fund-harness.test-support';
import type { FundCommand, FundEvent, FundState } from './fund-types';

const members = ['ann', 'bob', 'cat'];

/** Named histories: the events a fund has seen, recorded by playing commands once. */
const histories: Record<string, () => { events: FundEvent[]; now: number }> = {
  'voting open, ann voted': () => play((h) => h.voteAll(members, [1000])),
  'voting open, ann and bob voted': () => play((h) => h.voteAll(members, [1000, 3000])),
  'confirmation, ann and bob accepted': () =>
    play((h) => {
      h.voteAll(members, [1000, 2000, 3000]);
      h.run({ type: 'VoteConfirmation', userId: 'ann', accept: true });
      h.run({ type: 'VoteConfirmation', userId: 'bob', accept: true });
    }),
  'round 1, window not yet open': () => play((h) => h.activeWith(members, 5000, '14d')),
  'round 1, window open': () =>
    play((h) => {
      h.activeWith(members, 5000, '14d');
      h.openWindow();
    }),
  'round 1, everything in': () =>
    play((h) => {
      h.activeWith(members, 5000, '14d');
      h.contributeAll('paypal');
    }),
};

function play(script: (h: FundHarness) => void) {
  const h = new FundHarness();
  script(h);
  return { events: h.events, now: h.now };
}

const recipient = (s: FundState) => s.round!.recipientId;
const payer = (s: FundState) => members.find((id) => id !== s.round!.recipientId)!;

/** rule (domain.md) | given history | when command | then event types, or the error code. */
const table: [string, string, (s: FundState) => FundCommand, string[] | string][] = [
  [
    'a member votes once per voting round',
    'voting open, ann voted',
    () => ({ type: 'VoteAmount', userId: 'ann', amountCents: 2000 }),
    'ALREADY_VOTED',
  ],
  [
    'a vote is €1.00–€10,000.00',
    'voting open, ann voted',
    () => ({ type: 'VoteAmount', userId: 'bob', amountCents: 1_000_001 }),
    'INVALID_AMOUNT',
  ],
  [
    'voting closes when every member has voted; the amount is the median',
    'voting open, ann and bob voted',
    () => ({ type: 'VoteAmount', userId: 'cat', amountCents: 2000 }),
    ['AmountVoted', 'VotingClosed'],
  ],
  [
    'a dismissal needs a reason',
    'confirmation, ann and bob accepted',
    () => ({ type: 'VoteConfirmation', userId: 'cat', accept: false, reason: ' ' }),
    'DISMISSAL_REASON_REQUIRED',
  ],
  [
    'one dismissal moves the fund to dismissal acknowledgment',
    'confirmation, ann and bob accepted',
    () => ({ type: 'VoteConfirmation', userId: 'cat', accept: false, reason: 'Too much for us' }),
    ['ConfirmationVoted', 'DismissalOpened'],
  ],
  [
    'all accepted: the fund activates and the order is drawn',
    'confirmation, ann and bob accepted',
    () => ({ type: 'VoteConfirmation', userId: 'cat', accept: true }),
    ['ConfirmationVoted', 'FundActivated'],
  ],
  [
    'a cycle runs one at a time',
    'confirmation, ann and bob accepted',
    () => ({ type: 'OpenVoting', members, nonce: NONCE }),
    'FUND_ALREADY_RUNNING',
  ],
  [
    'contributions only in the 7 days before the withdrawal date',
    'round 1, window not yet open',
    (s) => ({ type: 'Contribute', userId: payer(s), contributionId: 'x', method: 'card' }),
    'CONTRIBUTION_WINDOW_CLOSED',
  ],
  [
    'the recipient does not contribute in their own round',
    'round 1, window open',
    (s) => ({ type: 'Contribute', userId: recipient(s), contributionId: 'x', method: 'card' }),
    'NOT_ELIGIBLE',
  ],
  [
    'a non-participant is not eligible',
    'round 1, window open',
    () => ({ type: 'Contribute', userId: 'newcomer', contributionId: 'x', method: 'card' }),
    'NOT_ELIGIBLE',
  ],
  [
    'only when everything is in may the recipient withdraw',
    'round 1, window open',
    (s) => ({ type: 'Withdraw', userId: recipient(s) }),
    'INSUFFICIENT_CONTRIBUTIONS',
  ],
  [
    'only the current recipient may withdraw',
    'round 1, everything in',
    (s) => ({ type: 'Withdraw', userId: payer(s) }),
    'NOT_CURRENT_RECIPIENT',
  ],
  [
    'a participant contributes once per round',
    'round 1, everything in',
    (s) => ({ type: 'Contribute', userId: payer(s), contributionId: 'x', method: 'card' }),
    'ALREADY_CONTRIBUTED',
  ],
  [
    'restart voting only until the first contribution',
    'round 1, everything in',
    (s) => ({ type: 'VoteRestart', userId: payer(s), nonce: NONCE }),
    'WRONG_PHASE',
  ],
];

describe('fund rules as a table: given events, when a command, then events or an error', () => {
  it.each(table)('%s (given %s)', (_rule, history, command, expected) => {
    const { events, now } = histories[history]!();
    const state = evolveAll(emptyFund('fund-1'), events);
    const result = decide(state, command(state), {
      now,
      testClock: true,
      hasPayoutAccount: () => true,
      newId: () => 'id',
    });
    if (typeof expected === 'string') {
      expect(result).toBeInstanceOf(DomainError);
      expect((result as DomainError).code).toBe(expected);
    } else {
      expect(result).not.toBeInstanceOf(DomainError);
      expect((result as FundEvent[]).map((e) => e.type)).toEqual(expected);
    }
  });
});
