import i18n, { APP_STRINGS } from './i18n';

/** The locale the interface's language is shown in: Italy's, or Britain's for English (euros). */
export const locale = () => (i18n.language === 'en' ? 'en-GB' : 'it-IT');

// The app's two locales are written out by hand, as formatEuro does for money: the first Intl
// formatter a page makes loads ICU's locale data, 30–90 ms of main thread in Chromium, a long
// task on the home's first screen (issue 12). The output is Intl's own, character for character
// (format.test.ts compares them over any moment, in the device's time zone as Intl uses it). The
// month names are the signed-in strings' (dates.months…), so only the active language's travel.
// A page whose signed-in strings are not in (none shows a date today) still gets the right
// name, from Intl, at Intl's price.
const monthName = (date: Date, width: 'monthsLong' | 'monthsShort') =>
  i18n.exists(`dates.${width}`, { ns: APP_STRINGS })
    ? i18n.t(`dates.${width}`, { ns: APP_STRINGS }).split(' ')[date.getMonth()]!
    : new Intl.DateTimeFormat(locale(), { month: width === 'monthsLong' ? 'long' : 'short' }).format(date);
const twoDigits = (value: number) => String(value).padStart(2, '0');
const time = (date: Date) => `${twoDigits(date.getHours())}:${twoDigits(date.getMinutes())}`;

/** "09:05" */
export const clockTime = (iso: string) => time(new Date(iso));

/** "5 settembre 2026", "5 September 2026" */
export const longDate = (iso: string) => {
  const date = new Date(iso);
  return `${date.getDate()} ${monthName(date, 'monthsLong')} ${date.getFullYear()}`;
};

/** A moment with its day and time ("26 nov 2026, 10:05"): sign-ins, security events, activity. */
export const dateTime = (iso: string) => {
  const date = new Date(iso);
  return `${date.getDate()} ${monthName(date, 'monthsShort')} ${date.getFullYear()}, ${time(date)}`;
};
