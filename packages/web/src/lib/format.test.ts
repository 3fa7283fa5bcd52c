import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { clockTime, dateTime, euro, longDate } from './format';
import i18n, { APP_STRINGS } from './i18n';

// Written out by hand for speed (format.ts); Intl is the reference they must equal.
const intl = {
  clockTime: (locale: string) => new Intl.DateTimeFormat(locale, { hour: '2-digit', minute: '2-digit' }),
  longDate: (locale: string) => new Intl.DateTimeFormat(locale, { dateStyle: 'long' }),
  dateTime: (locale: string) => new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }),
};
const ours = { clockTime, longDate, dateTime };
const moments = fc.date({
  min: new Date('1990-01-01T00:00:00Z'),
  max: new Date('2100-12-31T23:59:59Z'),
  noInvalidDate: true,
});
const startingZone = process.env.TZ;

describe('dates and money, as Intl writes them, in both languages', () => {
  afterAll(async () => {
    process.env.TZ = startingZone;
    await i18n.changeLanguage('it');
  });

  // Node resets Date's and Intl's idea of the local zone when TZ is assigned.
  for (const zone of ['UTC', 'Europe/Rome', 'America/New_York', 'Asia/Kolkata']) {
    it(`in ${zone}`, async () => {
      process.env.TZ = zone;
      for (const [language, locale] of [
        ['it', 'it-IT'],
        ['en', 'en-GB'],
      ] as const) {
        await i18n.changeLanguage(language);
        for (const name of ['clockTime', 'longDate', 'dateTime'] as const) {
          const reference = intl[name](locale);
          fc.assert(
            fc.property(moments, (moment) => {
              expect(ours[name](moment.toISOString())).toBe(reference.format(moment));
            }),
            { numRuns: 300 },
          );
        }
        const money = new Intl.NumberFormat(locale, { style: 'currency', currency: 'EUR' });
        expect(euro(-1234567)).toBe(money.format(-12345.67));
      }
    });
  }

  it('without the signed-in strings, the month names come from Intl, still right', async () => {
    process.env.TZ = 'Europe/Rome';
    for (const [language, locale] of [
      ['it', 'it-IT'],
      ['en', 'en-GB'],
    ] as const) {
      await i18n.changeLanguage(language);
      const strings = i18n.getResourceBundle(language, APP_STRINGS);
      i18n.removeResourceBundle(language, APP_STRINGS);
      try {
        fc.assert(
          fc.property(moments, (moment) => {
            expect(longDate(moment.toISOString())).toBe(intl.longDate(locale).format(moment));
            expect(dateTime(moment.toISOString())).toBe(intl.dateTime(locale).format(moment));
          }),
          { numRuns: 100 },
        );
      } finally {
        i18n.addResourceBundle(language, APP_STRINGS, strings);
      }
    }
  });
});
