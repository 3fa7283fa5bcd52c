/** Integer cents as the decimal text providers' APIs take ("1234" → "12.34"), without floats. */
export function centsToDecimal(amountCents: number): string {
  if (!Number.isSafeInteger(amountCents) || amountCents < 0) throw new Error(`bad amount ${amountCents}`);
  return `${Math.floor(amountCents / 100)}.${String(amountCents % 100).padStart(2, '0')}`;
}

/**
 * A provider's decimal text as integer cents ("12.34" → 1234, "1.5" → 150, "7" → 700), read digit
 * by digit, never through a float. Digits past the cents must be zeros ("1.230" → 123): anything
 * that is not a whole number of cents, negative or malformed throws rather than being rounded.
 */
export function decimalToCents(text: string): number {
  const match = /^(\d+)(?:\.(\d+))?$/.exec(text);
  if (!match) throw new Error(`bad decimal amount ${JSON.stringify(text)}`);
  const units = match[1]!;
  const fraction = match[2] ?? '';
  if (/[^0]/.test(fraction.slice(2))) throw new Error(`amount ${text} is not a whole number of cents`);
  const cents = Number(units) * 100 + Number(fraction.slice(0, 2).padEnd(2, '0'));
  if (!Number.isSafeInteger(cents)) throw new Error(`amount ${text} is too large`);
  return cents;
}
