import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { chargeMatches, payoutMatches } from './reconciliation';

describe('reconciliation rules', () => {
  it('a charge matches when the provider holds what the ledger books, and only then', () => {
    fc.assert(
      fc.property(
        fc.nat(1_000_000),
        fc.nat(1_000_000),
        fc.integer({ min: -5, max: 5 }),
        (captured, refunded, off) => {
          const ledger = captured - refunded + off;
          expect(chargeMatches(ledger, { capturedCents: captured, refundedCents: refunded })).toBe(off === 0);
        },
      ),
    );
  });

  it('a charge the provider does not know never matches, not even at zero', () => {
    expect(chargeMatches(0, null)).toBe(false);
    expect(chargeMatches(0, { capturedCents: 0, refundedCents: 0 })).toBe(true);
  });

  it('a payout matches the whole net, or the part left after the PayPal share', () => {
    const payout = { netCents: 9_800, paypalNetCents: 4_900, ledgerCents: 9_800 };
    expect(payoutMatches(payout, 9_800)).toBe(true);
    expect(payoutMatches(payout, 4_900)).toBe(true);
    expect(payoutMatches(payout, 4_800)).toBe(false);
    expect(payoutMatches(payout, null)).toBe(false);
    expect(payoutMatches({ ...payout, paypalNetCents: 0 }, 4_900)).toBe(false);
  });

  it('a payout the ledger did not book, or booked for another net, does not match', () => {
    expect(payoutMatches({ netCents: 9_800, paypalNetCents: 0, ledgerCents: null }, 9_800)).toBe(false);
    expect(payoutMatches({ netCents: 9_800, paypalNetCents: 0, ledgerCents: 9_700 }, 9_800)).toBe(false);
  });
});
