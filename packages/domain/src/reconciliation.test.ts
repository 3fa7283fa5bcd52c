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

  it('a split payout whose PayPal part was read matches only when each part is its share', () => {
    fc.assert(
      fc.property(
        fc.nat(1_000_000),
        fc.nat(1_000_000),
        fc.integer({ min: -3, max: 3 }),
        fc.integer({ min: -3, max: 3 }),
        (accountCents, paypalNetCents, accountOff, paypalOff) => {
          const netCents = accountCents + paypalNetCents;
          const payout = { netCents, paypalNetCents, ledgerCents: netCents };
          const matches = payoutMatches(payout, accountCents + accountOff, {
            paidCents: paypalNetCents + paypalOff,
          });
          expect(matches).toBe(accountOff === 0 && paypalOff === 0);
        },
      ),
    );
    const payout = { netCents: 9_800, paypalNetCents: 4_900, ledgerCents: 9_800 };
    // PayPal does not know the part, or the whole net went to the account as well.
    expect(payoutMatches(payout, 4_900, { paidCents: null })).toBe(false);
    expect(payoutMatches(payout, 9_800, { paidCents: 4_900 })).toBe(false);
  });

  it('a payout the ledger did not book, or booked for another net, does not match', () => {
    expect(payoutMatches({ netCents: 9_800, paypalNetCents: 0, ledgerCents: null }, 9_800)).toBe(false);
    expect(payoutMatches({ netCents: 9_800, paypalNetCents: 0, ledgerCents: 9_700 }, 9_800)).toBe(false);
  });
});
