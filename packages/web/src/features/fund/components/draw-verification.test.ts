import { commitmentOf, drawOrder, drawSeed } from '@giro/domain/draw';
import { describe, expect, it } from 'vitest';
import { type DrawData, verifyDrawData } from './draw-verification';

const nonce = 'ab'.repeat(32);
const votes = { u1: 5000, u2: 6000, u3: 10_000 };
const seed = drawSeed({
  nonceHex: nonce,
  fundId: 'f1',
  cycleNumber: 1,
  votes: Object.entries(votes).map(([userId, amountCents]) => ({ userId, amountCents })),
});
const draw: DrawData = {
  fundId: 'f1',
  cycleNumber: 1,
  commitment: commitmentOf(nonce),
  nonce,
  seed,
  order: drawOrder(['u1', 'u2', 'u3'], seed),
  votes,
};

describe('the verifiable draw, recomputed in the browser', () => {
  it('confirms the commitment, the seed and the order of an honest draw', () => {
    expect(verifyDrawData(draw)).toEqual({ commitment: true, seed: true, order: true });
  });

  it('names the step that does not match', () => {
    expect(verifyDrawData({ ...draw, commitment: 'f'.repeat(64) }).commitment).toBe(false);
    expect(verifyDrawData({ ...draw, votes: { ...votes, u1: 5001 } }).seed).toBe(false);
    expect(verifyDrawData({ ...draw, order: [...draw.order].reverse() }).order).toBe(false);
  });

  it('without the votes (history) checks commitment and order only; before the reveal, nothing', () => {
    expect(verifyDrawData({ ...draw, votes: null })).toEqual({ commitment: true, order: true });
    expect(verifyDrawData({ ...draw, nonce: null })).toEqual({});
  });
});
