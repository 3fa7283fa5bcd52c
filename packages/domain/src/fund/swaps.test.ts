import { describe, expect, it } from 'vitest';
import { verifyDraw } from '../draw';
import { drawProofOf } from './draw-proof';
import { FundHarness } from './fund-harness.test-support';
import { DAY_MS } from './rules';

const members = ['ann', 'bob', 'cat', 'dan', 'eve'];

/** A fund in its first round; `order` is the drawn order, `[recipient, later...]`. */
function running() {
  const h = new FundHarness();
  h.activeWith(members, 5000, '14d');
  const order = [...h.state.order];
  return { h, order, recipient: order[0]!, a: order[1]!, b: order[2]!, c: order[3]!, d: order[4]! };
}

const swapIds = (h: FundHarness) => h.state.swaps.map((s) => s.id);

describe('swapping turns (domain.md, Second wave)', () => {
  it('only the member asked accepts; the two places are exchanged, the drawn order and its proof are not', () => {
    const { h, order, a, c, d } = running();
    h.run({ type: 'RequestSwap', userId: a, withMemberId: d, swapId: 's1' });
    expect(h.state.swaps).toEqual([{ id: 's1', fromId: a, toId: d, at: h.now }]);
    expect(h.refusal({ type: 'AcceptSwap', userId: a, swapId: 's1' })).toBe('NOT_SWAP_PARTY');
    expect(h.refusal({ type: 'AcceptSwap', userId: c, swapId: 's1' })).toBe('NOT_SWAP_PARTY');
    h.run({ type: 'AcceptSwap', userId: d, swapId: 's1' });
    expect(h.state.order).toEqual([order[0], d, order[2], order[3], a]);
    expect(h.state.drawnOrder).toEqual(order);
    expect(h.state.swaps).toEqual([]);
    expect(h.state.swapHistory).toEqual([{ id: 's1', fromId: a, toId: d, at: h.now }]);
    expect(verifyDraw(drawProofOf(h.state)!)).toEqual({
      commitmentMatches: true,
      seedMatches: true,
      orderMatches: true,
    });
    expect(h.refusal({ type: 'AcceptSwap', userId: d, swapId: 's1' })).toBe('SWAP_NOT_FOUND');
  });

  it('a restart of the vote lapses every open request, telling the one who asked, before the order is drawn anew', () => {
    const { h, a, d } = running();
    h.run({ type: 'RequestSwap', userId: a, withMemberId: d, swapId: 's1' });
    const events = members.flatMap((userId) =>
      h.state.phase === 'voting' ? [] : h.run({ type: 'VoteRestart', userId, nonce: 'ab'.repeat(32) }),
    );
    expect(h.state.phase).toBe('voting');
    expect(events.filter((e) => e.type === 'SwapLapsed')).toEqual([
      expect.objectContaining({ swapId: 's1', fromId: a, toId: d, reason: 'order_changed' }),
    ]);
    expect(events.findIndex((e) => e.type === 'SwapLapsed')).toBeLessThan(
      events.findIndex((e) => e.type === 'VotingOpened'),
    );
    expect(h.state.swaps).toEqual([]);
  });

  it('is refused for the current recipient, for someone who has received, with oneself and outsiders', () => {
    const { h, recipient, a, b } = running();
    expect(h.refusal({ type: 'RequestSwap', userId: a, withMemberId: recipient, swapId: 's' })).toBe(
      'SWAP_NOT_ALLOWED',
    );
    expect(h.refusal({ type: 'RequestSwap', userId: recipient, withMemberId: a, swapId: 's' })).toBe(
      'SWAP_NOT_ALLOWED',
    );
    expect(h.refusal({ type: 'RequestSwap', userId: a, withMemberId: a, swapId: 's' })).toBe(
      'SWAP_NOT_ALLOWED',
    );
    expect(h.refusal({ type: 'RequestSwap', userId: a, withMemberId: 'zed', swapId: 's' })).toBe(
      'SWAP_NOT_ALLOWED',
    );
    expect(h.refusal({ type: 'RequestSwap', userId: 'zed', withMemberId: a, swapId: 's' })).toBe(
      'NOT_AUTHORIZED_PARTICIPANT',
    );
    h.contributeAll();
    h.distribute();
    // The first recipient has received; the second is receiving now.
    expect(h.refusal({ type: 'RequestSwap', userId: b, withMemberId: recipient, swapId: 's' })).toBe(
      'SWAP_NOT_ALLOWED',
    );
    expect(h.refusal({ type: 'RequestSwap', userId: b, withMemberId: a, swapId: 's' })).toBe(
      'SWAP_NOT_ALLOWED',
    );
  });

  it('is refused before the draw and after the cycle', () => {
    const h = new FundHarness();
    h.voteAll(members, [5000, 5000, 5000, 5000, 5000]);
    expect(h.refusal({ type: 'RequestSwap', userId: 'ann', withMemberId: 'bob', swapId: 's' })).toBe(
      'WRONG_PHASE',
    );
  });

  it('may be declined by the member asked or withdrawn by the asker, once, and not twice at a time', () => {
    const { h, a, b, c } = running();
    h.run({ type: 'RequestSwap', userId: a, withMemberId: b, swapId: 's1' });
    expect(h.refusal({ type: 'RequestSwap', userId: a, withMemberId: b, swapId: 's2' })).toBe(
      'SWAP_ALREADY_OPEN',
    );
    expect(h.refusal({ type: 'RequestSwap', userId: b, withMemberId: a, swapId: 's2' })).toBe(
      'SWAP_ALREADY_OPEN',
    );
    expect(h.refusal({ type: 'DeclineSwap', userId: a, swapId: 's1' })).toBe('NOT_SWAP_PARTY');
    expect(h.run({ type: 'DeclineSwap', userId: b, swapId: 's1' }).map((e) => e.type)).toEqual([
      'SwapDeclined',
    ]);
    h.run({ type: 'RequestSwap', userId: a, withMemberId: c, swapId: 's3' });
    expect(h.refusal({ type: 'WithdrawSwap', userId: c, swapId: 's3' })).toBe('NOT_SWAP_PARTY');
    expect(h.run({ type: 'WithdrawSwap', userId: a, swapId: 's3' }).map((e) => e.type)).toEqual([
      'SwapWithdrawn',
    ]);
    expect(h.refusal({ type: 'WithdrawSwap', userId: a, swapId: 's3' })).toBe('SWAP_NOT_FOUND');
    expect(h.state.order).toEqual(h.state.drawnOrder);
  });

  it('accepting lapses the other open requests of either member: their turns have moved', () => {
    const { h, a, b, c, d } = running();
    h.run({ type: 'RequestSwap', userId: a, withMemberId: b, swapId: 's1' });
    h.run({ type: 'RequestSwap', userId: c, withMemberId: b, swapId: 's2' });
    h.run({ type: 'RequestSwap', userId: a, withMemberId: d, swapId: 's3' });
    h.run({ type: 'RequestSwap', userId: c, withMemberId: d, swapId: 's4' });
    const events = h.run({ type: 'AcceptSwap', userId: b, swapId: 's1' });
    expect(events.map((e) => (e.type === 'SwapLapsed' ? `${e.swapId}:${e.reason}` : e.type))).toEqual([
      'SwapAccepted',
      's2:order_changed',
      's3:order_changed',
    ]);
    expect(swapIds(h)).toEqual(['s4']);
  });

  it('lapses when either turn starts, and when a member is expelled', () => {
    const { h, a, b, c, d } = running();
    h.run({ type: 'RequestSwap', userId: d, withMemberId: a, swapId: 's1' });
    h.run({ type: 'RequestSwap', userId: b, withMemberId: c, swapId: 's2' });
    h.contributeAll();
    h.distribute();
    const lapsed = h.events.filter((e) => e.type === 'SwapLapsed');
    expect(lapsed).toMatchObject([{ swapId: 's1', reason: 'turn_started' }]);
    expect(swapIds(h)).toEqual(['s2']);
    // c misses the window and the others vote to expel: c's request lapses at once.
    h.openWindow();
    for (const userId of [b, d])
      h.run({ type: 'Contribute', userId, contributionId: `x-${userId}`, method: 'card' });
    h.run({ type: 'Contribute', userId: h.state.order[0]!, contributionId: 'x-first', method: 'card' });
    h.advance(h.state.round!.withdrawalAt - h.now);
    const vote = h.state.round!.emergencies.find((v) => v.memberId === c)!;
    for (const userId of vote.voters)
      h.run({ type: 'VoteEmergency', userId, voteId: vote.id, choice: 'expel' });
    expect(h.state.expelled).toContain(c);
    expect(h.events.filter((e) => e.type === 'SwapLapsed').at(-1)).toMatchObject({
      swapId: 's2',
      reason: 'not_eligible',
    });
    expect(h.state.swaps).toEqual([]);
  });

  it('before the first round: the swapped member receives first; the history keeps the drawn order and the swaps', () => {
    const h = new FundHarness();
    h.voteAll(members, [5000, 5000, 5000, 5000, 5000]);
    for (const userId of members) h.run({ type: 'VoteConfirmation', userId, accept: true });
    const drawn = [...h.state.order];
    h.run({ type: 'RequestSwap', userId: drawn[4]!, withMemberId: drawn[0]!, swapId: 's1' });
    h.run({ type: 'AcceptSwap', userId: drawn[0]!, swapId: 's1' });
    for (const userId of members) h.run({ type: 'VoteWithdrawalDate', userId, option: '14d' });
    expect(h.state.round!.recipientId).toBe(drawn[4]);
    while (h.state.phase !== 'completed') {
      h.contributeAll();
      h.distribute();
    }
    const history = h.history[0]!;
    expect(history.recipients.map((r) => r.recipientId)).toEqual([drawn[4], ...drawn.slice(1, 4), drawn[0]]);
    expect(history.order).toEqual(drawn);
    expect(history.swaps).toMatchObject([{ id: 's1', fromId: drawn[4], toId: drawn[0] }]);
  });

  it('a recipient who times out still moves to the end; swaps keep working around it', () => {
    const { h, recipient, a, b } = running();
    h.contributeAll();
    h.advance(DAY_MS + 1); // no payout account: the recipient times out after 24 h
    expect(h.state.order.at(-1)).toBe(recipient);
    expect(h.state.round!.recipientId).toBe(a);
    h.run({ type: 'RequestSwap', userId: b, withMemberId: recipient, swapId: 's1' });
    h.run({ type: 'AcceptSwap', userId: recipient, swapId: 's1' });
    expect(h.state.order).toEqual([a, recipient, ...h.state.drawnOrder.slice(3), b]);
    expect(verifyDraw(drawProofOf(h.state)!).orderMatches).toBe(true);
  });
});
