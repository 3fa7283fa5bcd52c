import { formatEuro } from '@giro/domain/money';
import i18n from './i18n';

const locale = () => (i18n.language === 'en' ? 'en-GB' : 'it-IT');

/** Money is integer cents everywhere; it becomes euros only here, for display. */
export const euro = (amountCents: number) => formatEuro(amountCents, locale());

export const clockTime = (iso: string) =>
  new Intl.DateTimeFormat(locale(), { hour: '2-digit', minute: '2-digit' }).format(new Date(iso));

export const longDate = (iso: string) =>
  new Intl.DateTimeFormat(locale(), { dateStyle: 'long' }).format(new Date(iso));
