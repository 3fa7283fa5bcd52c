import { describe, expect, it } from 'vitest';
import { browserLanguage } from './i18n';

describe('the language of a first visit', () => {
  it('is Italian for a browser that reads Italian before English', () => {
    expect(browserLanguage(['it-IT', 'en-US'])).toBe('it');
    expect(browserLanguage(['de-CH', 'it', 'en'])).toBe('it');
    expect(browserLanguage(['IT'])).toBe('it');
  });

  it('is English otherwise', () => {
    expect(browserLanguage(['en-GB', 'it-IT'])).toBe('en');
    expect(browserLanguage(['fr-FR', 'de'])).toBe('en');
    expect(browserLanguage([])).toBe('en');
  });
});
