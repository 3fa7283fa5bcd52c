import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  cents,
  divideHalfUp,
  formatEuro,
  medianCents,
  netPayout,
  paypalShareOfNet,
  platformFeeCents,
} from './money';

describe('money: integer cents guard', () => {
  it('throws on floats and unsafe integers', () => {
    expect(() => cents(1.5)).toThrow();
    expect(() => cents(Number.MAX_SAFE_INTEGER + 1)).toThrow();
    expect(cents(0)).toBe(0);
  });
});

describe('money: rounding half-up', () => {
  it.each([
    [5, 10, 1],
    [4, 10, 0],
    [15, 10, 2],
    [25, 2, 13],
    [-5, 10, -1],
  ])('%i / %i = %i', (n, d, expected) => {
    expect(divideHalfUp(n, d)).toBe(expected);
  });
});

describe('money: platform fee is 2.5 % half-up plus 50 cents', () => {
  it.each([
    [10000, 300],
    [100, 53],
    [20, 51],
    [19, 50],
    [0, 50],
  ])('gross %i → fee %i', (gross, fee) => {
    expect(platformFeeCents(gross)).toBe(fee);
  });

  it('refuses a payout whose fee reaches the gross', () => {
    expect(netPayout(51)).toBeNull();
    expect(netPayout(52)).toEqual({ feeCents: 51, netCents: 1 });
  });

  it('property: fee is never negative and a payout never exceeds the gross', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000_000_00 }), (gross) => {
        const fee = platformFeeCents(gross);
        expect(fee).toBeGreaterThanOrEqual(50);
        const payout = netPayout(gross);
        if (payout) {
          expect(payout.feeCents + payout.netCents).toBe(gross);
          expect(payout.netCents).toBeGreaterThan(0);
        } else expect(fee).toBeGreaterThanOrEqual(gross);
      }),
    );
  });
});

describe('money: median of votes', () => {
  it('odd count takes the middle vote', () => expect(medianCents([300, 100, 200])).toBe(200));
  it('even count takes the mean of the two middle votes, half-up', () => {
    expect(medianCents([100, 201])).toBe(151);
    expect(medianCents([100, 200, 300, 1000])).toBe(250);
  });
  it('property: lies between the smallest and largest vote', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 100, max: 1_000_000 }), { minLength: 1, maxLength: 50 }),
        (votes) => {
          const median = medianCents(votes);
          expect(median).toBeGreaterThanOrEqual(Math.min(...votes));
          expect(median).toBeLessThanOrEqual(Math.max(...votes));
        },
      ),
    );
  });
});

describe('money: formatting at the edge', () => {
  it('formats euros in Italian', () => expect(formatEuro(1234567)).toMatch(/^12\.345,67\s€$/));
  it('formats euros in English when asked', () => expect(formatEuro(1234567, 'en-GB')).toBe('€12,345.67'));
  it('writes out exactly what Intl writes, in both locales of the app, for any amount', () =>
    fc.assert(
      fc.property(
        fc.oneof(fc.integer({ min: -99_999_999, max: 99_999_999 }), fc.integer({ min: -1e14, max: 1e14 })),
        fc.constantFrom('it-IT', 'en-GB'),
        (amount, locale) => {
          const intl = new Intl.NumberFormat(locale, { style: 'currency', currency: 'EUR' });
          expect(formatEuro(amount, locale)).toBe(intl.format(amount / 100));
        },
      ),
      { numRuns: 2000 },
    ));
  it.each([0, 1, -1, 99, 100, 999_99, 1000_00, 9999_99, 10000_00, -12345_67, 123456789_00])(
    '%i cents: the same as Intl at the edges of grouping',
    (amount) => {
      for (const locale of ['it-IT', 'en-GB'] as const) {
        const intl = new Intl.NumberFormat(locale, { style: 'currency', currency: 'EUR' });
        expect(formatEuro(amount, locale)).toBe(intl.format(amount / 100));
      }
    },
  );
  it('refuses to format a float: money is formatted from cents only', () =>
    expect(() => formatEuro(12.5)).toThrow());
});

describe('paypalShareOfNet: the PayPal part of a payout', () => {
  it('shares the fee in proportion to gross, the odd cent on the card side', () => {
    // €20.20 gross, fee €1.01: half from PayPal bears 50 of the 101 cents.
    expect(paypalShareOfNet(2020, 101, 1010)).toBe(960);
    expect(paypalShareOfNet(2020, 101, 0)).toBe(0);
    expect(paypalShareOfNet(2020, 101, 2020)).toBe(1919);
    expect(() => paypalShareOfNet(2020, 101, 2021)).toThrow();
    expect(() => paypalShareOfNet(2020, 101, -1)).toThrow();
  });

  it('both parts are whole, never negative, and add up to the net', () => {
    fc.assert(
      fc.property(
        fc
          .integer({ min: 1, max: 10_000_000_00 })
          .chain((gross) => fc.tuple(fc.constant(gross), fc.integer({ min: 0, max: gross }))),
        ([gross, paypalGross]) => {
          const payout = netPayout(gross);
          if (!payout) return;
          const share = paypalShareOfNet(gross, payout.feeCents, paypalGross);
          const card = payout.netCents - share;
          expect(Number.isSafeInteger(share)).toBe(true);
          expect(share).toBeGreaterThanOrEqual(0);
          expect(share).toBeLessThanOrEqual(paypalGross);
          expect(card).toBeGreaterThanOrEqual(0);
          expect(card).toBeLessThanOrEqual(gross - paypalGross);
        },
      ),
    );
  });
});
