import { describe, expect, it } from 'vitest';
import { DomainError, describeDomainError, domainErrorCodes } from './errors';
import { cents, MoneyError } from './money';

describe('errors: one error type, one documented code per failure', () => {
  it('every code is documented and unique', () => {
    expect(new Set(domainErrorCodes).size).toBe(domainErrorCodes.length);
    for (const code of domainErrorCodes) expect(describeDomainError(code).length, code).toBeGreaterThan(10);
  });

  it('a broken money guard is a DomainError with the invalid-amount code', () => {
    const error = (() => {
      try {
        cents(0.1 + 0.2);
      } catch (e) {
        return e;
      }
    })();
    expect(error).toBeInstanceOf(MoneyError);
    expect(error).toBeInstanceOf(DomainError);
    expect((error as DomainError).code).toBe('INVALID_AMOUNT');
  });
});
