import { describe, expect, it } from 'vitest';
import { centsToDecimal, decimalToCents } from '../src/payments/money-text';

describe("providers' decimal amounts as integer cents", () => {
  it('reads the digits exactly, where a float would round (0.29 × 100 is 28.999…)', () => {
    expect(decimalToCents('0.29')).toBe(29);
    expect(decimalToCents('50.00')).toBe(5000);
    expect(decimalToCents('97.01')).toBe(9701);
    expect(decimalToCents('1.5')).toBe(150);
    expect(decimalToCents('7')).toBe(700);
    expect(decimalToCents('1.230')).toBe(123);
    expect(decimalToCents('90071992547409.91')).toBe(Number.MAX_SAFE_INTEGER);
  });

  it('is the inverse of centsToDecimal', () => {
    const wrong: number[] = [];
    for (let cents = 0; cents <= 100_000; cents++)
      if (decimalToCents(centsToDecimal(cents)) !== cents) wrong.push(cents);
    expect(wrong).toEqual([]);
  });

  it('refuses what is not a whole number of cents, or not a plain decimal', () => {
    for (const text of [
      '1.005',
      '-1.00',
      '1e3',
      '',
      ' 1.00',
      '1.',
      '.5',
      '1,00',
      '0x10',
      '90071992547409.92',
    ])
      expect(() => decimalToCents(text), text).toThrow();
  });
});
