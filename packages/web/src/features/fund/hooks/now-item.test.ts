import { describe, expect, it } from 'vitest';
import {
  testCollectingFund,
  testContribution,
  testEmergencyVote,
  testFund,
} from '../../../test/fund-fixture';
import { nowItem, roundPaymentsFor } from './now-item';

const now = { nowMs: Date.parse('2025-06-01T00:00:00Z'), hasPayoutAccount: true };
const collecting = testCollectingFund;

describe('the one thing a member owes now', () => {
  it('a payer in an open window: contribute the amount to the recipient before the window closes', () => {
    expect(nowItem(collecting(), 'u1', now)).toEqual({
      kind: 'contribute',
      deadline: '2030-01-15T00:00:00.000Z',
      amountCents: 5000,
      recipientId: 'u2',
    });
  });

  it('an extension granted to the payer is their deadline', () => {
    const item = nowItem(collecting({ extensions: { u1: '2030-01-20T00:00:00.000Z' } }), 'u1', now);
    expect(item).toMatchObject({ kind: 'contribute', deadline: '2030-01-20T00:00:00.000Z' });
  });

  it('before the window opens: when it opens and how much, not a button', () => {
    const item = nowItem(collecting({ windowOpensAt: '2026-01-08T00:00:00.000Z' }), 'u1', now);
    expect(item).toEqual({
      kind: 'window_opens',
      opensAt: '2026-01-08T00:00:00.000Z',
      amountCents: 5000,
      recipientId: 'u2',
    });
  });

  it('paid already: who receives, and when', () => {
    const item = nowItem(collecting({ contributedBy: ['u1'] }), 'u1', now);
    expect(item).toEqual({
      kind: 'recipient_next',
      withdrawalAt: '2030-01-15T00:00:00.000Z',
      recipientId: 'u2',
      isYou: false,
      ready: false,
      accountDeadline: null,
    });
  });

  it('paid, and everything in: the recipient may withdraw now, or must first connect an account in 24 hours', () => {
    const ready = collecting({ state: 'awaiting_withdrawal', contributedBy: ['u1'] });
    expect(nowItem(ready, 'u1', now)).toMatchObject({
      kind: 'recipient_next',
      ready: true,
      accountDeadline: null,
    });
    const waiting = collecting({
      state: 'awaiting_withdrawal',
      contributedBy: ['u1'],
      recipientTimeoutAt: '2030-01-16T00:00:00.000Z',
    });
    expect(nowItem(waiting, 'u1', now)).toMatchObject({
      kind: 'recipient_next',
      ready: true,
      accountDeadline: '2030-01-16T00:00:00.000Z',
    });
  });

  it('a payment declared by hand is done for the payer: not asked again while it awaits the recipient', () => {
    expect(nowItem(collecting(), 'u1', { ...now, declaredBy: ['u1'] })).toEqual({
      kind: 'declared',
      amountCents: 5000,
      recipientId: 'u2',
      mayCancel: true,
    });
    // Once the window has closed it stands for the recipient to answer (ADR 0055).
    const closed = { ...now, nowMs: Date.parse('2030-01-15T00:00:01Z'), declaredBy: ['u1'] };
    expect(nowItem(collecting(), 'u1', closed)).toMatchObject({ kind: 'declared', mayCancel: false });
    // Someone else's declaration changes nothing for this payer.
    expect(nowItem(collecting(), 'u1', { ...now, declaredBy: ['u3'] })).toMatchObject({ kind: 'contribute' });
  });

  it('the recipient confirms the manual payments declared to them, before the withdrawal date', () => {
    expect(nowItem(collecting(), 'u2', { ...now, declaredBy: ['u1', 'u3'] })).toEqual({
      kind: 'confirm_received',
      deadline: '2030-01-15T00:00:00.000Z',
      count: 2,
    });
    expect(nowItem(collecting(), 'u2', { ...now, declaredBy: [] })).toMatchObject({ kind: 'recipient_next' });
  });

  it('the current recipient without a payout account: connect one before the round times out', () => {
    const fund = collecting({ recipientTimeoutAt: '2030-01-18T00:00:00.000Z' });
    expect(nowItem(fund, 'u2', { ...now, hasPayoutAccount: false })).toEqual({
      kind: 'connect_payout',
      deadline: '2030-01-18T00:00:00.000Z',
      isCurrentRound: true,
    });
    expect(nowItem(fund, 'u2', now)).toMatchObject({ kind: 'recipient_next', isYou: true });
    // Before every contribution is in, no timeout runs yet: no countdown to a date that is not it.
    expect(nowItem(collecting(), 'u2', { ...now, hasPayoutAccount: false })).toEqual({
      kind: 'connect_payout',
      deadline: null,
      isCurrentRound: true,
    });
  });

  it('the next recipient without one is told too, once their own payment is done', () => {
    const fund = collecting({ contributedBy: ['u3'] });
    expect(nowItem(fund, 'u3', { ...now, hasPayoutAccount: false })).toEqual({
      kind: 'connect_payout',
      deadline: null,
      isCurrentRound: false,
    });
    // Paying comes first while the window is open.
    expect(nowItem(collecting(), 'u3', { ...now, hasPayoutAccount: false })).toMatchObject({
      kind: 'contribute',
    });
  });

  it('the recipient with the pot ready: withdraw it', () => {
    const fund = collecting({
      state: 'awaiting_withdrawal',
      recipientTimeoutAt: '2030-01-18T00:00:00.000Z',
      payout: { grossCents: 10_000, feeCents: 290, netCents: 9710, paypalNetCents: 0, manualCents: 0 },
    });
    // With an account no timeout runs (deadlines.ts): the pot waits for them.
    expect(nowItem(fund, 'u2', now)).toEqual({ kind: 'withdraw', deadline: null, netCents: 9710 });
    // Not known yet: the timeout as the round has it.
    expect(nowItem(fund, 'u2', { ...now, hasPayoutAccount: undefined })).toEqual({
      kind: 'withdraw',
      deadline: '2030-01-18T00:00:00.000Z',
      netCents: 9710,
    });
    // Without one, withdrawing is refused: connecting one is the thing to do, before the timeout.
    expect(nowItem(fund, 'u2', { ...now, hasPayoutAccount: false })).toEqual({
      kind: 'connect_payout',
      deadline: '2030-01-18T00:00:00.000Z',
      isCurrentRound: true,
      allIn: true,
    });
    // Money by hand alone sets no timeout and needs no account.
    const byHand = collecting({
      state: 'awaiting_withdrawal',
      recipientTimeoutAt: null,
      payout: { grossCents: 0, feeCents: 0, netCents: 0, paypalNetCents: 0, manualCents: 10_000 },
    });
    expect(nowItem(byHand, 'u2', { ...now, hasPayoutAccount: false })).toMatchObject({ kind: 'withdraw' });
    // A payout tried and failed, the account restricted since: no 24 hours run (ADR 0059), still refused.
    const lapsed = { ...fund, round: { ...fund.round!, recipientTimeoutAt: null, payoutFailed: true } };
    expect(nowItem(lapsed, 'u2', { ...now, hasPayoutAccount: false })).toEqual({
      kind: 'connect_payout',
      deadline: null,
      isCurrentRound: true,
      allIn: true,
    });
  });

  it('a payer whose window closed unpaid: no button the server would refuse, but the vote on them', () => {
    const late = { ...now, nowMs: Date.parse('2030-01-15T00:00:01Z') };
    const vote = testEmergencyVote({ memberId: 'u1', voters: ['u2', 'u3'] });
    expect(nowItem(collecting({ emergencies: [vote] }), 'u1', late)).toEqual({
      kind: 'missed',
      deadline: '2030-01-16T00:00:00.000Z',
    });
    // Before the vote is opened (the deadline worker's next pass): closed all the same.
    expect(nowItem(collecting(), 'u1', late)).toEqual({ kind: 'missed', deadline: null });
    // A wait granted reopens it until the extension ends.
    const waited = collecting({ extensions: { u1: '2030-01-16T00:00:00.000Z' } });
    expect(nowItem(waited, 'u1', late)).toMatchObject({
      kind: 'contribute',
      deadline: '2030-01-16T00:00:00.000Z',
    });
  });

  it('an emergency vote waiting for this member comes before their own payment', () => {
    const vote = testEmergencyVote();
    expect(nowItem(collecting({ emergencies: [vote] }), 'u1', now)).toEqual({
      kind: 'vote_emergency',
      deadline: '2030-01-16T00:00:00.000Z',
      memberId: 'u3',
    });
    const voted = { ...vote, votes: { u1: 'wait' as const } };
    expect(nowItem(collecting({ emergencies: [voted] }), 'u1', now)).toMatchObject({ kind: 'contribute' });
  });

  it('the votes before a cycle: amount, confirmation, acknowledgement, date, each only until cast', () => {
    const deadline = '2030-01-02T00:00:00.000Z';
    expect(nowItem(testFund(), 'u1', now)).toEqual({ kind: 'vote_amount', deadline });
    expect(nowItem(testFund({ votedBy: ['u1'] }), 'u1', now)).toEqual({ kind: 'waiting', deadline });
    const confirming = testFund({ phase: 'confirmation', participants: ['u1', 'u2'] });
    expect(nowItem(confirming, 'u1', now)).toEqual({ kind: 'confirm', deadline });
    expect(nowItem({ ...confirming, confirmations: { u1: true } }, 'u1', now).kind).toBe('waiting');
    expect(nowItem(confirming, 'u3', now).kind).toBe('waiting');
    const dismissed = testFund({ phase: 'dismissal_acknowledgment', participants: ['u1', 'u2'] });
    expect(nowItem(dismissed, 'u1', now)).toEqual({ kind: 'acknowledge', deadline });
    expect(nowItem({ ...dismissed, acknowledged: ['u1'] }, 'u1', now).kind).toBe('waiting');
    const dating = testFund({ phase: 'date_voting', participants: ['u1', 'u2'] });
    expect(nowItem(dating, 'u1', now)).toEqual({ kind: 'vote_date', deadline });
    expect(nowItem({ ...dating, dateVotes: { u1: '14d' } }, 'u1', now).kind).toBe('waiting');
  });

  it('a swap asked of me: after every payment owed, before what only happens next', () => {
    const swaps = [{ id: 's1', fromId: 'u3', toId: 'u1', at: '2025-05-31T00:00:00.000Z' }];
    const closed = { windowOpensAt: '2026-01-08T00:00:00.000Z' };
    expect(nowItem(collecting(closed, { swaps }), 'u1', now)).toEqual({
      kind: 'answer_swap',
      memberId: 'u3',
    });
    expect(nowItem(collecting({}, { swaps }), 'u1', now).kind).toBe('contribute');
    expect(nowItem(collecting(closed, { swaps }), 'u3', now).kind).toBe('window_opens');
    const dating = testFund({ phase: 'date_voting', participants: ['u1', 'u3'], swaps });
    expect(nowItem({ ...dating, dateVotes: { u1: '14d' } }, 'u1', now)).toEqual({
      kind: 'answer_swap',
      memberId: 'u3',
    });
  });

  it('covered by another member: who paid for me, not a payment of mine to confirm', () => {
    const item = nowItem(collecting(), 'u1', { ...now, declaredBy: ['u1'], coveredBy: 'u3' });
    expect(item).toEqual({ kind: 'covered', payerId: 'u3', recipientId: 'u2' });
  });

  it('a cover in cash not yet confirmed: the button to pay stays, saying who declared it; once confirmed, covered', () => {
    const cash = testContribution({ id: 'c1', paidBy: 'u3', at: '2025-06-01T00:00:00.000Z' });
    expect(roundPaymentsFor([cash], 'u1')).toEqual({
      declaredBy: ['u1'],
      coveredBy: undefined,
      coverDeclaredBy: 'u3',
    });
    expect(nowItem(collecting(), 'u1', { ...now, ...roundPaymentsFor([cash], 'u1') })).toEqual({
      kind: 'contribute',
      deadline: '2030-01-15T00:00:00.000Z',
      amountCents: 5000,
      recipientId: 'u2',
      coverDeclaredBy: 'u3',
    });
    // The window closed on it: nothing to pay here, and who said they paid.
    const closed = collecting({ state: 'awaiting_withdrawal' });
    expect(nowItem(closed, 'u1', { ...now, ...roundPaymentsFor([cash], 'u1') })).toEqual({
      kind: 'covered',
      payerId: 'u3',
      recipientId: 'u2',
    });
    const confirmed = { ...cash, status: 'confirmed' };
    expect(
      nowItem(collecting({ contributedBy: ['u1'] }), 'u1', {
        ...now,
        ...roundPaymentsFor([confirmed], 'u1'),
      }),
    ).toEqual({
      kind: 'covered',
      payerId: 'u3',
      recipientId: 'u2',
    });
  });
});
