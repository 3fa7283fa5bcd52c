import { describe, expect, it } from 'vitest';
import { days, FundHarness } from './fund-harness.test-support';
import type { FundEvent } from './fund-types';

const members = ['ann', 'bob', 'cat', 'dan', 'eve'];

/** A round in its window where `late` members will not pay and the others have paid by card. */
function roundWithLatePayers(lateCount: number, strikes: Record<string, number> = {}) {
  const h = new FundHarness();
  h.activeWith(members, 5000, '14d');
  h.openWindow();
  const round = h.state.round!;
  const payers = members.filter((id) => id !== round.recipientId);
  const late = payers.slice(0, lateCount);
  for (const userId of payers.slice(lateCount))
    h.run({ type: 'Contribute', userId, contributionId: `c-${userId}`, method: 'card' });
  h.state = { ...h.state, strikes };
  return { h, late, recipient: round.recipientId, closeWindow: () => h.advance(round.withdrawalAt - h.now) };
}

const ofType = <T extends FundEvent['type']>(events: FundEvent[], type: T) =>
  events.filter((e): e is Extract<FundEvent, { type: T }> => e.type === type);

describe('phase 7, strikes', () => {
  it('every missed contribution adds a strike; the second gives strike_warning', () => {
    const { late, closeWindow } = roundWithLatePayers(1, {});
    const first = closeWindow();
    expect(ofType(first, 'StrikeWarned')).toEqual([]);
    const { late: again, closeWindow: closeAgain } = roundWithLatePayers(1, { [late[0]!]: 1 });
    const second = closeAgain();
    expect(ofType(second, 'ContributionMissed')[0]).toMatchObject({ memberId: again[0], strikes: 2 });
    expect(ofType(second, 'StrikeWarned')).toEqual([
      expect.objectContaining({ memberId: again[0], strikes: 2 }),
    ]);
  });

  it('at 3 strikes or more the member is shown at risk in every emergency vote about them, with no new warning', () => {
    const { h, late, closeWindow } = roundWithLatePayers(1, { ann: 2, bob: 2, cat: 2, dan: 2, eve: 2 });
    const events = closeWindow();
    expect(ofType(events, 'StrikeWarned')).toEqual([]);
    expect(h.state.round!.emergencies[0]).toMatchObject({ memberId: late[0], memberAtRisk: true });
    expect(h.state.strikes[late[0]!]).toBe(3);
  });

  it('strikes never expire: they carry into the next cycle', () => {
    const { h, late, closeWindow } = roundWithLatePayers(1);
    closeWindow();
    const vote = h.state.round!.emergencies[0]!;
    for (const userId of vote.voters)
      h.run({ type: 'VoteEmergency', userId, voteId: vote.id, choice: 'skip' });
    for (let round = 0; round < 5 && h.state.phase !== 'completed'; round++) {
      if (h.state.phase === 'collecting') h.contributeAll('card');
      h.distribute();
    }
    expect(h.state.phase).toBe('completed');
    h.run({ type: 'OpenVoting', members, nonce: 'dd'.repeat(32) });
    expect(h.state.strikes[late[0]!]).toBe(1);
  });
});

describe('phase 7, emergency votes', () => {
  it('expel wins only with more than half of all voters of the vote, even with most votes', () => {
    const { h, late, closeWindow } = roundWithLatePayers(1);
    closeWindow();
    const vote = h.state.round!.emergencies[0]!;
    const [a, b, c, d] = vote.voters as [string, string, string, string];
    h.run({ type: 'VoteEmergency', userId: a, voteId: vote.id, choice: 'expel' });
    h.run({ type: 'VoteEmergency', userId: b, voteId: vote.id, choice: 'expel' });
    h.run({ type: 'VoteEmergency', userId: c, voteId: vote.id, choice: 'skip' });
    h.run({ type: 'VoteEmergency', userId: d, voteId: vote.id, choice: 'wait' });
    expect(h.state.expelled).toEqual([]);
    // wait and skip tie: the first time, wait.
    expect(h.state.round!.extensions[late[0]!]).toBe(h.now + days(1));
  });

  it('a vote nobody answers goes to wait the first time, then to skip', () => {
    const { h, late, closeWindow } = roundWithLatePayers(1);
    closeWindow();
    const first = h.advance(days(1));
    expect(ofType(first, 'ExtensionGranted')).toHaveLength(1);
    const second = h.advance(days(1));
    expect(ofType(second, 'ContributionMissed')[0]).toMatchObject({ allowWait: false });
    const third = h.advance(days(1));
    expect(ofType(third, 'ContributionSkipped')).toEqual([expect.objectContaining({ memberId: late[0] })]);
    expect(h.state.phase).toBe('awaiting_withdrawal');
  });

  it('an expulsion completes another vote the expelled member had not answered', () => {
    const { h, late, closeWindow } = roundWithLatePayers(2);
    closeWindow();
    const [x, y] = late as [string, string];
    const aboutX = h.state.round!.emergencies.find((v) => v.memberId === x)!;
    const aboutY = h.state.round!.emergencies.find((v) => v.memberId === y)!;
    for (const userId of aboutY.voters.filter((id) => id !== x))
      h.run({ type: 'VoteEmergency', userId, voteId: aboutY.id, choice: 'expel' });
    expect(h.state.expelled).toEqual([]);
    for (const userId of aboutX.voters)
      h.run({ type: 'VoteEmergency', userId, voteId: aboutX.id, choice: 'expel' });
    expect([...h.state.expelled].sort()).toEqual([x, y].sort());
    expect(h.state.phase).toBe('awaiting_withdrawal');
  });

  it('a manual payment declared in time and confirmed during the vote ends the vote and resumes the round', () => {
    const { h, late, recipient, closeWindow } = roundWithLatePayers(1);
    h.run({ type: 'Contribute', userId: late[0]!, contributionId: 'manual', method: 'manual' });
    const events = closeWindow();
    expect(ofType(events, 'ContributionMissed')).toHaveLength(1);
    const confirmed = h.run({ type: 'ConfirmReceipt', userId: recipient, contributionId: 'manual' });
    expect(confirmed.map((e) => e.type)).toEqual([
      'ContributionConfirmed',
      'EmergencyVoteWithdrawn',
      'RoundReady',
    ]);
    expect(h.state.round!.emergencies).toEqual([]);
    expect(h.state.strikes[late[0]!]).toBe(1);
  });
});
