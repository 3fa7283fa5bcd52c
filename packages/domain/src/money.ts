/**
 * Money is an integer number of euro cents (domain.md, Money). Floats never carry money:
 * every function here takes and returns safe integers and throws on anything else, so a
 * stray float is caught where it enters rather than where it has already lost a cent.
 */
import { DomainError } from './errors';

export type Cents = number;

/**
 * A broken money guard. It is a DomainError (code INVALID_AMOUNT), not a second error type:
 * amounts reach the domain from users, so a float or an unsafe value is an invalid amount.
 */
export class MoneyError extends DomainError {
  override name = 'MoneyError';
  constructor(reason: string) {
    super('INVALID_AMOUNT', { reason });
  }
}

/** Guard: throws unless `value` is a safe integer number of cents. */
export function cents(value: number): Cents {
  if (!Number.isSafeInteger(value)) throw new MoneyError(`not an integer number of cents: ${value}`);
  return value;
}

/**
 * Divides `numerator / denominator` rounding half-up (away from zero at .5 for positives),
 * using integers only. Both inputs must be safe integers, denominator positive.
 */
export function divideHalfUp(numerator: number, denominator: number): number {
  cents(numerator);
  if (!Number.isSafeInteger(denominator) || denominator <= 0) throw new MoneyError('bad denominator');
  const sign = numerator < 0 ? -1 : 1;
  const abs = Math.abs(numerator);
  const quotient = Math.floor(abs / denominator);
  const remainder = abs - quotient * denominator;
  return sign * (remainder * 2 >= denominator ? quotient + 1 : quotient);
}

/** The platform fee (domain.md, Money): round_half_up(gross × 2.5 %) + 50 cents. */
export const FEE_RATE_PER_MILLE = 25;
export const FEE_FIXED_CENTS = 50;

export function platformFeeCents(grossCents: Cents): Cents {
  cents(grossCents);
  if (grossCents < 0) throw new MoneyError('negative gross');
  return divideHalfUp(grossCents * FEE_RATE_PER_MILLE, 1000) + FEE_FIXED_CENTS;
}

/** A payout is refused when the fee would reach or exceed the gross ("Insufficient contributions"). */
export function netPayout(grossCents: Cents): { feeCents: Cents; netCents: Cents } | null {
  const feeCents = platformFeeCents(grossCents);
  if (feeCents >= grossCents) return null;
  return { feeCents, netCents: grossCents - feeCents };
}

/**
 * The part of a payout's net that goes to the recipient's PayPal email (domain.md, Rotating
 * fund, Distribution: money from PayPal to their PayPal email when set, else the connected
 * account). The fee is shared in proportion to gross; PayPal's share is rounded down, so an odd
 * cent of fee falls on the card side. Both parts are whole cents, never negative, and add up
 * to the net.
 */
export function paypalShareOfNet(grossCents: Cents, feeCents: Cents, paypalGrossCents: Cents): Cents {
  for (const value of [grossCents, feeCents, paypalGrossCents]) cents(value);
  if (paypalGrossCents < 0 || paypalGrossCents > grossCents || feeCents < 0 || feeCents > grossCents)
    throw new MoneyError('bad payout shares');
  if (paypalGrossCents === 0) return 0;
  const paypalFee = Number((BigInt(feeCents) * BigInt(paypalGrossCents)) / BigInt(grossCents));
  return paypalGrossCents - paypalFee;
}

/**
 * Median of the votes (domain.md, Rotating fund, phase 1): with an even count, the mean of
 * the two middle votes rounded half-up to the cent. Undefined for no votes.
 */
export function medianCents(votes: readonly Cents[]): Cents {
  if (votes.length === 0) throw new MoneyError('median of no votes');
  const sorted = votes.map(cents).sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  if (sorted.length % 2 === 1) return sorted[mid]!;
  return divideHalfUp(sorted[mid - 1]! + sorted[mid]!, 2);
}

/** Digits of a whole number with a separator every three, from the right. */
const grouped = (whole: string, separator: string) => whole.replace(/\B(?=(\d{3})+$)/g, separator);

/**
 * Formats cents as euros for display, only at the edge, in one of the app's two locales.
 *
 * Written out here rather than by Intl: the first Intl formatter a page makes loads the locale's
 * ICU data, 30–90 ms of main thread in Chromium on this project's machine, one long task on
 * every phone's first screen (issue 12's profile of the home). The output is Intl's own,
 * character for character (money.test.ts compares them over any amount): Italian "1234,50 €"
 * and "12.345,67 €" (CLDR groups from five digits, a no-break space before the sign), British
 * "€1,234.50" and "-€0.01".
 */
export function formatEuro(amountCents: Cents, locale: 'it-IT' | 'en-GB' = 'it-IT'): string {
  const sign = cents(amountCents) < 0 ? '-' : '';
  const digits = String(Math.abs(amountCents)).padStart(3, '0');
  const whole = digits.slice(0, -2);
  const fraction = digits.slice(-2);
  if (locale === 'en-GB') return `${sign}€${grouped(whole, ',')}.${fraction}`;
  return `${sign}${whole.length > 4 ? grouped(whole, '.') : whole},${fraction}\u00a0€`;
}
