/** Integer cents as the decimal text providers' APIs take ("1234" → "12.34"), without floats. */
export function centsToDecimal(amountCents: number): string {
  if (!Number.isSafeInteger(amountCents) || amountCents < 0) throw new Error(`bad amount ${amountCents}`);
  return `${Math.floor(amountCents / 100)}.${String(amountCents % 100).padStart(2, '0')}`;
}
