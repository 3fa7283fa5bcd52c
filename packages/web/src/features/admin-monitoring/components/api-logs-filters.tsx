import { type FormEvent, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { Field } from '../../../components/ui/field';
import type { ApiLogFilters } from '../api/monitoring-queries';

const STATUSES = ['', '2xx', '3xx', '4xx', '5xx'] as const;

/** Status class, route template, user id and a time window; applied on submit. */
export function ApiLogsFilters({ onApply }: { onApply: (filters: ApiLogFilters) => void }) {
  const { t } = useTranslation();
  const statusId = useId();
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const value = (name: string) => String(form.get(name) ?? '').trim();
    onApply({
      status: value('status'),
      route: value('route'),
      userId: value('userId'),
      from: value('from'),
      to: value('to'),
    });
  };
  return (
    <form
      onSubmit={submit}
      className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-3"
      aria-label={t('adminMonitoring.filters.title')}
    >
      <div className="flex flex-col gap-1">
        <label htmlFor={statusId} className="text-sm font-medium text-stone-800">
          {t('adminMonitoring.filters.status')}
        </label>
        <select
          id={statusId}
          name="status"
          className="min-h-11 rounded-lg border border-stone-300 bg-white px-3"
        >
          {STATUSES.map((status) => (
            <option key={status} value={status}>
              {status || t('adminMonitoring.filters.any')}
            </option>
          ))}
        </select>
      </div>
      <Field label={t('adminMonitoring.filters.route')} name="route" placeholder="/api/requests/:id" />
      <Field label={t('adminMonitoring.filters.user')} name="userId" pattern="[0-9a-fA-F-]{36}" />
      <Field label={t('adminMonitoring.filters.from')} name="from" type="datetime-local" />
      <Field label={t('adminMonitoring.filters.to')} name="to" type="datetime-local" />
      <div className="flex items-end">
        <Button type="submit">{t('adminMonitoring.filters.apply')}</Button>
      </div>
    </form>
  );
}
