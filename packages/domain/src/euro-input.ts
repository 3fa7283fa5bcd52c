/**
 * Reading an amount a member typed. A module of its own, apart from money.ts: a page that only
 * shows money (the home's first screen) does not carry the parser of the forms that take it.
 */
import type { Cents } from './money';

/** Parses a user-typed euro amount ("50", "50.5", "50,50", "1.234,56") into cents, or null. */
export function parseEuroToCents(input: string): Cents | null {
  const trimmed = input.trim().replace(/\s|€/g, '');
  const match = /^(\d{1,3}(?:[.,]?\d{3})*|\d+)(?:[.,](\d{1,2}))?$/.exec(trimmed);
  if (!match) return null;
  const euros = Number(match[1]!.replace(/[.,]/g, ''));
  const fraction = (match[2] ?? '').padEnd(2, '0');
  const value = euros * 100 + Number(fraction);
  return Number.isSafeInteger(value) ? value : null;
}
