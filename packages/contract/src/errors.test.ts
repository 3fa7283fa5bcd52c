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

  it('covers every domain error code', () => {
    for (const code of domainErrorCodes) expect(isErrorCode(code), code).toBe(true);
  });

  it('keeps the SPEC §8 texts', () => {
    expect(errorMessage('INVALID_CREDENTIALS', 'en')).toBe('Invalid username or password');
    expect(errorMessage('CAPTCHA_REQUIRED', 'en')).toBe('Please complete the captcha verification');
    expect(errorStatus('CSRF_TOKEN_INVALID')).toBe(403);
    expect(isErrorCode('toString')).toBe(false);
  });
});
