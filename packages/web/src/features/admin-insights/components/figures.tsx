import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import i18n from '../../../lib/i18n';

/** Headline figures as a description list: the label, then the value. */
export function Figures({ items, testId }: { items: [label: string, value: ReactNode][]; testId?: string }) {
  return (
    <dl className="grid grid-cols-2 gap-3 md:grid-cols-4" data-testid={testId}>
      {items.map(([label, value]) => (
        <div key={label} className="rounded-2xl bg-white p-4 shadow-sm ring-1 ring-stone-200">
          <dt className="text-sm text-stone-600">{label}</dt>
          <dd className="mt-1 text-xl font-bold text-teal-900 tabular-nums">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

const locale = () => (i18n.language === 'en' ? 'en-GB' : 'it-IT');

/** A 0–1 fraction as a percentage; no value reads as a dash. */
export const percent = (value: number | null) =>
  value === null
    ? '—'
    : new Intl.NumberFormat(locale(), { style: 'percent', maximumFractionDigits: 1 }).format(value);

export const count = (value: number) => new Intl.NumberFormat(locale()).format(value);

/** `YYYY-MM-DD` as a short day ("23 nov"), read as the UTC day the server counted. */
export const shortDay = (day: string | number) =>
  new Intl.DateTimeFormat(locale(), { day: 'numeric', month: 'short', timeZone: 'UTC' }).format(
    new Date(`${day}T00:00:00Z`),
  );

export const dateTime = (iso: string) =>
  new Intl.DateTimeFormat(locale(), { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));

/** The period of the daily series: 7, 30, 90 or 365 days. */
export const PERIODS = [7, 30, 90, 365] as const;

export function PeriodPicker({ days, onChange }: { days: number; onChange: (days: number) => void }) {
  const { t } = useTranslation();
  return (
    <label className="flex items-center gap-2 text-sm">
      {t('adminInsights.period')}
      <select
        value={days}
        onChange={(event) => onChange(Number(event.target.value))}
        className="min-h-10 rounded-lg border border-stone-300 bg-white px-2"
      >
        {PERIODS.map((n) => (
          <option key={n} value={n}>
            {t('adminInsights.lastDays', { count: n })}
          </option>
        ))}
      </select>
    </label>
  );
}

/** The loading and failure states every insight page shares. */
export function QueryState({ isLoading, isError }: { isLoading: boolean; isError: boolean }) {
  const { t } = useTranslation();
  if (isLoading)
    return (
      <p role="status" className="text-stone-600">
        {t('common.loading')}
      </p>
    );
  if (isError)
    return (
      <p role="alert" className="text-red-800">
        {t('adminInsights.loadFailed')}
      </p>
    );
  return null;
}
