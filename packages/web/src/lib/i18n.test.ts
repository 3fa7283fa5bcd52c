import { describe, expect, it } from 'vitest';
import i18n, { browserLanguage } from './i18n';

describe('a name after Italian\'s "a"', () => {
  it('takes "ad" before an a, "a" before anything else; English is untouched', async () => {
    const t = (lng: string, name: string) =>
      i18n.getFixedT(lng)('now.contribute', { amount: '50,00 €', name });
    expect(t('it', 'Anna Rossi')).toBe('Versa 50,00 € ad Anna Rossi');
    expect(t('it', 'alberto')).toBe('Versa 50,00 € ad alberto');
    expect(t('it', 'Bruno Bianchi')).toBe('Versa 50,00 € a Bruno Bianchi');
    expect(t('it', 'Elena')).toBe('Versa 50,00 € a Elena');
    await i18n.loadLanguages('en');
    await i18n.loadNamespaces('app');
    expect(t('en', 'Anna Rossi')).toBe('Pay 50,00 € to Anna Rossi');
  });
});

describe('an Italian article before a date or a number', () => {
  it('is elided before a day said with a vowel, capital kept where the sentence begins', async () => {
    await i18n.loadLanguages('it');
    await i18n.loadNamespaces('app');
    const it_ = i18n.getFixedT('it');
    expect(it_('now.recipientYou', { date: '8 dicembre 2026' })).toBe(
      "Il fondo è tuo: lo ricevi l'8 dicembre 2026",
    );
    expect(it_('now.recipientYou', { date: '21 dicembre 2026' })).toBe(
      'Il fondo è tuo: lo ricevi il 21 dicembre 2026',
    );
    expect(it_('fund.history.dates', { created: '11 gennaio 2026', completed: '1 marzo 2026' })).toBe(
      "Dall'11 gennaio 2026 all'1 marzo 2026",
    );
    expect(it_('fund.history.dates', { created: '2 gennaio 2026', completed: '18 marzo 2026' })).toBe(
      'Dal 2 gennaio 2026 al 18 marzo 2026',
    );
    expect(
      i18n.getFixedT('en')('fund.history.dates', { created: '8 January 2026', completed: '1 March 2026' }),
    ).toBe('From 8 January 2026 to 1 March 2026');
  });
});

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
