import { describe, expect, it } from 'vitest';
import { FundHarness } from './fund/fund-harness.test-support';
import { PHASE_MS } from './fund/rules';
import { leaveBlockers } from './leave';
import type { RequestsState } from './requests/request-types';

const members = ['ann', 'bob', 'cat'];

describe('leaving: refused while in a running round, owing a missed contribution, or owning an active request', () => {
  it('a participant of a collecting round may not leave; the decider refuses it too', () => {
    const h = new FundHarness();
    h.activeWith(members);
    expect(leaveBlockers('ann', h.state, null)).toEqual(['fund_round_in_progress']);
    expect(h.refusal({ type: 'MemberLeft', userId: 'ann' })).toBe('LEAVE_REFUSED');
    expect(leaveBlockers('newcomer', h.state, null)).toEqual([]);
  });

  it('a member with an open emergency vote about them owes a missed contribution', () => {
    const h = new FundHarness();
    h.activeWith(members);
    const late = members.find((id) => id !== h.state.round!.recipientId)!;
    h.advance(h.state.round!.withdrawalAt - h.now);
    expect(leaveBlockers(late, h.state, null)).toEqual([
      'fund_round_in_progress',
      'missed_contribution_owed',
    ]);
  });

  it('a debt recorded at expulsion is owed', () => {
    const h = new FundHarness();
    h.state = { ...h.state, debts: { ann: 5000 } };
    expect(leaveBlockers('ann', h.state, null)).toEqual(['missed_contribution_owed']);
  });

  it('the owner of an active request may not leave; of a pending one, may', () => {
    const request = (status: 'active' | 'pending') =>
      ({ requests: [{ ownerId: 'ann', status }] }) as unknown as RequestsState;
    expect(leaveBlockers('ann', null, request('active'))).toEqual(['active_request_owner']);
    expect(leaveBlockers('ann', null, request('pending'))).toEqual([]);
  });

  it('the owner of an ended request whose payout is not paid may not leave; once paid, or with none, may', () => {
    const ended = (payout: { status: string } | null) =>
      ({
        requests: [{ ownerId: 'ann', status: 'completed', endedAt: 1, payout }],
      }) as unknown as RequestsState;
    expect(leaveBlockers('ann', null, ended({ status: 'failed' }))).toEqual(['request_payout_unpaid']);
    expect(leaveBlockers('ann', null, ended({ status: 'pending' }))).toEqual(['request_payout_unpaid']);
    expect(leaveBlockers('bob', null, ended({ status: 'failed' }))).toEqual([]);
    expect(leaveBlockers('ann', null, ended({ status: 'paid' }))).toEqual([]);
    expect(leaveBlockers('ann', null, ended(null))).toEqual([]);
    // Every hold failed after the end: nothing is left to pay, nothing keeps the owner.
    const nothingLeft = { status: 'failed', grossCents: 0, feeCents: 0, netCents: 0 };
    expect(leaveBlockers('ann', null, ended(nothingLeft))).toEqual([]);
  });

  it('during confirmation a participant may leave: the others go on, and a confirmation waiting only for them completes', () => {
    const h = new FundHarness();
    h.voteAll(members, [1000, 2000, 3000]);
    h.run({ type: 'VoteConfirmation', userId: 'ann', accept: true });
    h.run({ type: 'VoteConfirmation', userId: 'bob', accept: true });
    const events = h.run({ type: 'MemberLeft', userId: 'cat' });
    expect(events.map((e) => e.type)).toEqual(['ParticipantLeft', 'FundActivated']);
    expect(h.state.participants).toEqual(['ann', 'bob']);
    expect([...h.state.order].sort()).toEqual(['ann', 'bob']);
    expect(h.state.finalAmountCents).toBe(2000);
  });

  it('a voter who did not vote and left is not asked again when the vote restarts', () => {
    const h = new FundHarness();
    h.voteAll([...members, 'dan'], [1000, 1000, 1000]);
    h.advance(PHASE_MS + 1);
    expect(h.state).toMatchObject({ phase: 'confirmation', participants: members });
    expect(h.run({ type: 'MemberLeft', userId: 'dan' }).map((e) => e.type)).toEqual(['VoterLeft']);
    h.run({ type: 'VoteConfirmation', userId: 'ann', accept: false, reason: 'too much' });
    h.run({ type: 'AcknowledgeDismissal', userId: 'bob' });
    h.run({ type: 'AcknowledgeDismissal', userId: 'cat' });
    expect(h.state).toMatchObject({ phase: 'voting', votingRound: 2, voters: members });
    // The three vote, and the vote closes at once: it no longer waits a day for the one gone.
    for (const userId of members) h.run({ type: 'VoteAmount', userId, amountCents: 1000 });
    expect(h.state.phase).toBe('confirmation');
  });

  it('fewer than 2 participants left: the fund is cancelled as at the close of voting', () => {
    const h = new FundHarness();
    h.voteAll(['ann', 'bob'], [1000, 2000]);
    h.run({ type: 'MemberLeft', userId: 'bob' });
    expect(h.state).toMatchObject({ phase: 'cancelled', cancelReason: 'not enough participants' });
  });

  it('during the date vote, the order loses the leaver and the vote closes if only they were missing', () => {
    const h = new FundHarness();
    h.voteAll(members, [1000, 2000, 3000]);
    for (const userId of members) h.run({ type: 'VoteConfirmation', userId, accept: true });
    h.run({ type: 'VoteWithdrawalDate', userId: 'ann', option: '28d' });
    h.run({ type: 'VoteWithdrawalDate', userId: 'bob', option: '28d' });
    h.run({ type: 'MemberLeft', userId: 'cat' });
    expect(h.state).toMatchObject({ phase: 'collecting', roundLength: '28d' });
    expect(h.state.order).not.toContain('cat');
  });
});
