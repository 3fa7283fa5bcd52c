import { createHash } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { commitmentOf, drawOrder, drawSeed } from './draw';

const nonce = 'ab'.repeat(32);

describe('draw: provably fair rotation order by commit–reveal', () => {
  it('the commitment is the SHA-256 of the nonce', () => {
    // Checked against an independent implementation (Node's OpenSSL).
    expect(commitmentOf(nonce)).toBe(createHash('sha256').update(Buffer.from(nonce, 'hex')).digest('hex'));
    expect(commitmentOf(nonce)).not.toBe(commitmentOf('cd'.repeat(32)));
  });

  it('the seed does not depend on the order the votes were cast in', () => {
    const votes = [
      { userId: 'b', amountCents: 5000 },
      { userId: 'a', amountCents: 7000 },
    ];
    const one = drawSeed({ nonceHex: nonce, fundId: 'f', cycleNumber: 1, votes });
    const two = drawSeed({ nonceHex: nonce, fundId: 'f', cycleNumber: 1, votes: [...votes].reverse() });
    expect(one).toBe(two);
    expect(drawSeed({ nonceHex: nonce, fundId: 'f', cycleNumber: 2, votes })).not.toBe(one);
  });

  it('property: the order is a permutation of the participants, the same for the same inputs', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.string({ minLength: 1, maxLength: 8 }), { minLength: 1, maxLength: 15 }),
        fc.stringMatching(/^[0-9a-f]{64}$/),
        (ids, seed) => {
          const order = drawOrder(ids, seed);
          expect([...order].sort()).toEqual([...ids].sort());
          expect(drawOrder([...ids].reverse(), seed)).toEqual(order);
        },
      ),
    );
  });

  it('every participant can come first: the draw is not biased to one position', () => {
    const ids = ['a', 'b', 'c'];
    const firsts = new Map<string, number>();
    for (let i = 0; i < 600; i++) {
      const seed = drawSeed({ nonceHex: nonce, fundId: 'f', cycleNumber: i, votes: [] });
      const first = drawOrder(ids, seed)[0]!;
      firsts.set(first, (firsts.get(first) ?? 0) + 1);
    }
    for (const id of ids) expect(firsts.get(id)).toBeGreaterThan(140);
  });
});
