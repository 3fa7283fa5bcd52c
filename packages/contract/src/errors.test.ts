import { domainErrorCodes } from '@giro/domain/errors';
import { describe, expect, it } from 'vitest';
import { errorCatalogue, errorMessage, errorStatus, isErrorCode } from './errors';

describe('error catalogue', () => {
  it('gives every code a 4xx or 5xx status and a text in Italian and English', () => {
    for (const [code, entry] of Object.entries(errorCatalogue)) {
      expect(entry.status, code).toBeGreaterThanOrEqual(400);
      expect(entry.en.length, code).toBeGreaterThan(0);
      expect(entry.it.length, code).toBeGreaterThan(0);
    }
  });

  it('writes its apostrophes one way, the plain one, as the app does', () => {
    const curly = Object.entries(errorCatalogue).filter(([, entry]) =>
      `${entry.en}${entry.it}`.includes('’'),
    );
    expect(curly.map(([code]) => code)).toEqual([]);
  });

  it('covers every domain error code', () => {
    for (const code of domainErrorCodes) expect(isErrorCode(code), code).toBe(true);
  });

  it('keeps the SPEC §8 texts', () => {
    expect(errorMessage('INVALID_CREDENTIALS', 'en')).toBe('Invalid username or password');
    expect(errorMessage('CAPTCHA_REQUIRED', 'en')).toBe('Please complete the captcha verification');
    expect(errorStatus('CSRF_TOKEN_INVALID')).toBe(403);
    expect(isErrorCode('toString')).toBe(false);
  });

  it('names why leaving is refused, in the language, with the general text for reasons it does not know', () => {
    expect(errorMessage('LEAVE_REFUSED', 'en', ['fund_round_in_progress'])).toBe(
      "Failed to leave: you take part in the fund's current round.",
    );
    expect(errorMessage('LEAVE_REFUSED', 'it', ['fund_round_in_progress', 'active_request_owner'])).toBe(
      'Impossibile uscire: partecipi al turno in corso del fondo e hai una richiesta di aiuto attiva.',
    );
    expect(
      errorMessage('LEAVE_REFUSED', 'en', [
        'fund_round_in_progress',
        'missed_contribution_owed',
        'active_request_owner',
      ]),
    ).toBe(
      "Failed to leave: you take part in the fund's current round, you still owe a missed contribution, and you have an active funding request.",
    );
    expect(errorMessage('LEAVE_REFUSED', 'en', [])).toBe(errorCatalogue.LEAVE_REFUSED.en);
    expect(errorMessage('LEAVE_REFUSED', 'it', ['toString'])).toBe(errorCatalogue.LEAVE_REFUSED.it);
    expect(errorMessage('LEAVE_REFUSED', 'en', [1])).toBe(errorCatalogue.LEAVE_REFUSED.en);
    expect(errorMessage('NOT_FOUND', 'en', ['fund_round_in_progress'])).toBe(errorCatalogue.NOT_FOUND.en);
  });
});
