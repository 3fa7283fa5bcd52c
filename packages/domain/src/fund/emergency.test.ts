import { describe, expect, it } from 'vitest';
import { emergencyOutcome } from './emergency';
import { days, FundHarness } from './fund-harness.test-support';

const members = ['ann', 'bob', 'cat', 'dan'];

/** A round where one payer never pays: returns the harness at the window's close. */
function missed() {
  const h = new FundHarness();
  h.activeWith(members, 5000, '14d');
  h.openWindow();
  const round = h.state.round!;
  const payers = members.filter((id) => id !== round.recipientId);
  const [late, ...onTime] = payers as [string, ...string[]];
  for (const userId of onTime)
    h.run({ type: 'Contribute', userId, contributionId: `c-${userId}`, method: 'card' });
  const events = h.advance(round.withdrawalAt - h.now);
  return { h, late, onTime, recipient: round.recipientId, events };
}

describe('phase 7, missing contribution', () => {
  it('opens an emergency vote of every other participant and adds a strike', () => {
    const { h, late, events } = missed();
    expect(events[0]).toMatchObject({
      type: 'ContributionMissed',
      memberId: late,
      strikes: 1,
      allowWait: true,
    });
    const vote = h.state.round!.emergencies[0]!;
    expect([...vote.voters].sort()).toEqual(members.filter((id) => id !== late).sort());
    expect(h.refusal({ type: 'Contribute', userId: late, contributionId: 'x', method: 'card' })).toBe(
      'CONTRIBUTION_WINDOW_CLOSED',
    );
  });

  it.each([
    [{ a: 'expel', b: 'expel', c: 'wait' }, true, 'expel'],
    [{ a: 'expel', b: 'skip' }, true, 'skip'],
    [{ a: 'expel', b: 'expel' }, true, 'expel'],
    [{ a: 'skip', b: 'skip', c: 'wait' }, true, 'skip'],
    [{}, true, 'wait'],
    [{}, false, 'skip'],
    [{ a: 'skip' }, false, 'skip'],
  ] as const)('votes %j (wait offered: %s) decide %s', (votes, allowWait, expected) => {
    expect(emergencyOutcome({ voters: ['a', 'b', 'c'], votes, allowWait })).toBe(expected);
  });

  it('expel with the most votes but not more than half of all voters does not expel', () => {
    const votes = { a: 'expel', b: 'expel', c: 'wait', d: 'skip' } as const;
    expect(emergencyOutcome({ voters: ['a', 'b', 'c', 'd'], votes, allowWait: true })).toBe('wait');
    expect(
      emergencyOutcome({
        voters: ['a', 'b', 'c', 'd', 'e'],
        votes: { a: 'expel', b: 'expel' },
        allowWait: false,
      }),
    ).toBe('skip');
  });

  it('wait: 24 h more; paying within it resumes the round', () => {
    const { h, late, recipient } = missed();
    const vote = h.state.round!.emergencies[0]!;
    for (const userId of vote.voters)
      h.run({ type: 'VoteEmergency', userId, voteId: vote.id, choice: 'wait' });
    expect(h.state.round!.extensions[late]).toBe(h.now + days(1));
    h.run({ type: 'Contribute', userId: late, contributionId: 'late-pay', method: 'card' });
    expect(h.state.phase).toBe('awaiting_withdrawal');
    expect(h.state.round!.recipientId).toBe(recipient);
  });

  it('wait expired: a new vote without wait, and no second strike for the same round', () => {
    const { h, late } = missed();
    const vote = h.state.round!.emergencies[0]!;
    for (const userId of vote.voters)
      h.run({ type: 'VoteEmergency', userId, voteId: vote.id, choice: 'wait' });
    const events = h.advance(days(1));
    expect(events[0]).toMatchObject({
      type: 'ContributionMissed',
      memberId: late,
      allowWait: false,
      strikes: 1,
    });
    const second = h.state.round!.emergencies[0]!;
    expect(
      h.refusal({ type: 'VoteEmergency', userId: second.voters[0]!, voteId: second.id, choice: 'wait' }),
    ).toBe('INVALID_OPTION');
    // Nobody votes: after a wait, the default is skip.
    h.advance(days(1));
    expect(h.state.round!.skipped).toEqual([late]);
    expect(h.state.phase).toBe('awaiting_withdrawal');
  });

  it('skip: the recipient receives the others contributions', () => {
    const { h, late, recipient, onTime } = missed();
    const vote = h.state.round!.emergencies[0]!;
    for (const userId of vote.voters)
      h.run({ type: 'VoteEmergency', userId, voteId: vote.id, choice: 'skip' });
    expect(h.state.round!.skipped).toEqual([late]);
    h.payoutAccounts.add(recipient);
    const distribution = h
      .run({ type: 'Withdraw', userId: recipient })
      .find((e) => e.type === 'DistributionStarted');
    expect(distribution).toMatchObject({ grossCents: onTime.length * 5000 });
  });

  it('expel: removed from the rest of the rotation; a debt if they had already received', () => {
    const h = new FundHarness();
    h.activeWith(members, 5000, '14d');
    h.contributeAll('card');
    const firstRecipient = h.state.round!.recipientId;
    h.distribute();
    // Round 2: the first recipient does not pay.
    h.openWindow();
    const round = h.state.round!;
    for (const userId of members) {
      if (userId === round.recipientId || userId === firstRecipient) continue;
      h.run({ type: 'Contribute', userId, contributionId: `r2-${userId}`, method: 'card' });
    }
    h.advance(round.withdrawalAt - h.now);
    const vote = h.state.round!.emergencies[0]!;
    expect(vote.memberId).toBe(firstRecipient);
    for (const userId of vote.voters)
      h.run({ type: 'VoteEmergency', userId, voteId: vote.id, choice: 'expel' });
    expect(h.state.expelled).toEqual([firstRecipient]);
    // This round and the two after it, at 50.00 each.
    expect(h.state.debts[firstRecipient]).toBe(3 * 5000);
    expect(h.refusal({ type: 'VoteRestart', userId: firstRecipient })).toBe('WRONG_PHASE');
    // The cycle completes without them.
    h.distribute();
    for (let i = 0; i < 2; i++) {
      h.contributeAll('card');
      h.distribute();
    }
    expect(h.state.phase).toBe('completed');
    expect(h.history[0]!.recipients.filter((r) => r.recipientId === firstRecipient)).toHaveLength(1);
  });

  it('strikes accumulate across rounds: the second one is a warning', () => {
    const h = new FundHarness();
    h.activeWith(['ann', 'bob'], 5000, '14d');
    const strikes: number[] = [];
    for (let round = 0; round < 2; round++) {
      const r = h.state.round!;
      const payer = r.recipientId === 'ann' ? 'bob' : 'ann';
      const events = h.advance(r.withdrawalAt - h.now);
      const missedEvent = events.find((e) => e.type === 'ContributionMissed');
      if (missedEvent?.type === 'ContributionMissed') strikes.push(missedEvent.strikes);
      const vote = h.state.round!.emergencies[0]!;
      h.run({ type: 'VoteEmergency', userId: vote.voters[0]!, voteId: vote.id, choice: 'skip' });
      expect(h.state.round!.skipped).toEqual([payer]);
      h.run({ type: 'Withdraw', userId: r.recipientId });
    }
    expect(strikes).toEqual([1, 1]);
    expect(h.state.phase).toBe('completed');
  });
});
