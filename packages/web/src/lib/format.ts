import { formatEuro } from '@giro/domain/money';
import i18n from './i18n';

const locale = () => (i18n.language === 'en' ? 'en-GB' : 'it-IT');

/** Money is integer cents everywhere; it becomes euros only here, for display. */
export const euro = (amountCents: number) => formatEuro(amountCents, locale());

// A formatter costs far more to make than to use: one per locale and style, kept.
const formatters = new Map<string, Intl.DateTimeFormat>();
function dateFormat(style: 'time' | 'long' | 'dateTime'): Intl.DateTimeFormat {
  const key = `${locale()} ${style}`;
  let formatter = formatters.get(key);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat(
      locale(),
      style === 'time'
        ? { hour: '2-digit', minute: '2-digit' }
        : style === 'long'
          ? { dateStyle: 'long' }
          : { dateStyle: 'medium', timeStyle: 'short' },
    );
    formatters.set(key, formatter);
  }
  return formatter;
}

export const clockTime = (iso: string) => dateFormat('time').format(new Date(iso));

export const longDate = (iso: string) => dateFormat('long').format(new Date(iso));

/** A moment with its day and time ("26 nov 2026, 10:05"): sign-ins, security events. */
export const dateTime = (iso: string) => dateFormat('dateTime').format(new Date(iso));
