import { describe, expect, it } from 'vitest';
import { commitmentOf, verifyDraw } from '../draw';
import { drawProofOf, publicDraw } from './draw-proof';
import { FundHarness, NONCE } from './fund-harness.test-support';

const members = ['ann', 'bob', 'cat', 'dan'];
const FRESH = 'c3'.repeat(32);

describe('phase 4, provably fair draw (commit–reveal)', () => {
  it('before activation only the commitment is shown; the nonce stays secret', () => {
    const h = new FundHarness();
    h.voteAll(members, [1000, 2000, 3000, 4000]);
    expect(publicDraw(h.state)).toEqual({
      commitment: commitmentOf(NONCE),
      nonce: null,
      seed: null,
      order: [],
    });
    expect(drawProofOf(h.state)).toBeNull();
  });

  it('after activation any member can check the commitment and recompute seed and order', () => {
    const h = new FundHarness();
    h.voteAll(members, [1000, 2000, 3000, 4000]);
    for (const userId of members) h.run({ type: 'VoteConfirmation', userId, accept: true });
    const proof = drawProofOf(h.state)!;
    expect(publicDraw(h.state).nonce).toBe(NONCE);
    expect(verifyDraw(proof)).toEqual({ commitmentMatches: true, seedMatches: true, orderMatches: true });
    // A server that swapped the nonce, or reordered the rotation, is caught.
    expect(verifyDraw({ ...proof, nonceHex: FRESH }).commitmentMatches).toBe(false);
    expect(verifyDraw({ ...proof, order: [...proof.order].reverse() }).orderMatches).toBe(false);
    // A changed vote changes the seed: the votes are part of what is committed to.
    const votes = proof.votes.map((v, i) => (i === 0 ? { ...v, amountCents: v.amountCents + 1 } : v));
    expect(verifyDraw({ ...proof, votes }).seedMatches).toBe(false);
  });

  it('restart vote after the draw: voting reopens under a fresh commitment, never the revealed nonce', () => {
    const h = new FundHarness();
    h.voteAll(members, [1000, 2000, 3000, 4000]);
    for (const userId of members) h.run({ type: 'VoteConfirmation', userId, accept: true });
    expect(h.state.phase).toBe('date_voting');
    h.run({ type: 'VoteRestart', userId: 'ann', nonce: FRESH });
    h.run({ type: 'VoteRestart', userId: 'bob', nonce: FRESH });
    expect(h.state.phase).toBe('date_voting'); // 2 of 4 is not more than half
    h.run({ type: 'VoteRestart', userId: 'cat', nonce: FRESH });
    expect(h.state).toMatchObject({
      phase: 'voting',
      votingRound: 2,
      commitment: commitmentOf(FRESH),
      nonceRevealed: false,
      order: [],
    });
    expect(publicDraw(h.state).nonce).toBeNull();
  });

  it('restart before the draw keeps the commitment: the nonce was never shown', () => {
    const h = new FundHarness();
    h.voteAll(members, [1000, 2000, 3000, 4000]);
    for (const userId of ['ann', 'bob', 'cat']) h.run({ type: 'VoteRestart', userId, nonce: FRESH });
    expect(h.state).toMatchObject({ phase: 'voting', commitment: commitmentOf(NONCE) });
  });

  it('a restart after the draw without a fresh nonce is a caller bug, not a user refusal', () => {
    const h = new FundHarness();
    h.activeWith(['ann', 'bob']);
    h.run({ type: 'VoteRestart', userId: 'ann', nonce: FRESH });
    expect(() => h.run({ type: 'VoteRestart', userId: 'bob' })).toThrow(/fresh nonce/);
  });
});
