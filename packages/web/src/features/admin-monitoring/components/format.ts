import i18n from '../../../lib/i18n';

const locale = () => (i18n.language === 'en' ? 'en-GB' : 'it-IT');

export const dateTime = (iso: string) =>
  new Intl.DateTimeFormat(locale(), { dateStyle: 'short', timeStyle: 'medium' }).format(new Date(iso));
export const hour = (iso: string) =>
  new Intl.DateTimeFormat(locale(), { hour: '2-digit', minute: '2-digit' }).format(new Date(iso));
export const ms = (value: number) =>
  `${new Intl.NumberFormat(locale(), { maximumFractionDigits: 1 }).format(value)} ms`;
export const percent = (share: number) =>
  new Intl.NumberFormat(locale(), { style: 'percent', maximumFractionDigits: 1 }).format(share);
export const count = (value: number) => new Intl.NumberFormat(locale()).format(value);
export const megabytes = (bytes: number) =>
  `${new Intl.NumberFormat(locale(), { maximumFractionDigits: 1 }).format(bytes / 1_048_576)} MB`;
export function duration(seconds: number): string {
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  return h > 0 ? `${h} h ${m} min` : `${m} min ${seconds % 60} s`;
}
