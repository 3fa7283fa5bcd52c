import { describe, expect, it } from 'vitest';
import { validateContribution } from './request-form';

const money = (cents: number) => `€${(cents / 100).toFixed(2)}`;
const amountError = (amount: string, remainingCents: number) =>
  validateContribution(amount, '', remainingCents, money).errors.amount;

describe('a contribution to a request, checked before it is sent', () => {
  it('gives all that remains, or leaves at least €1: what the server accepts', () => {
    expect(amountError('10,50', 1050)).toBeUndefined();
    expect(amountError('9,50', 1050)).toBeUndefined();
    expect(amountError('10', 1050)).toEqual({
      key: 'requests.validation.contributionLeavesTooLittle',
      values: { min: '€1.00', max: '€10.50' },
    });
    expect(amountError('0,99', 1050)?.key).toBe('requests.validation.contributionRange');
    expect(amountError('11', 1050)?.key).toBe('requests.validation.contributionRange');
  });

  it('a remainder under €1 (a request left short before) is accepted whole, and only whole', () => {
    expect(amountError('0,50', 50)).toBeUndefined();
    expect(amountError('0,40', 50)).toEqual({
      key: 'requests.validation.contributionRange',
      values: { min: '€0.50', max: '€0.50' },
    });
  });
});
