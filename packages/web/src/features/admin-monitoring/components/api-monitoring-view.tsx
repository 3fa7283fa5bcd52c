import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { errorText } from '../../../lib/api-client';
import { useApiMonitoring } from '../api/monitoring-queries';
import { dateTime } from './format';
import { ProcessHealthCard } from './process-health';
import { RouteStatsTable } from './route-stats-table';
import { TrafficCharts } from './traffic-charts';

/** The API monitoring page: traffic by hour, per-route figures over the hour or day, health. */
export function ApiMonitoringView() {
  const { t } = useTranslation();
  const query = useApiMonitoring();
  const [period, setPeriod] = useState<'hour' | 'day'>('hour');
  if (query.isPending) return <p role="status">{t('adminMonitoring.loading')}</p>;
  if (query.isError)
    return (
      <Card>
        <p role="alert">{errorText(query.error)}</p>
        <Button variant="secondary" className="mt-3" onClick={() => void query.refetch()}>
          {t('adminMonitoring.retry')}
        </Button>
      </Card>
    );
  const data = query.data;
  const rows = period === 'hour' ? data.lastHour : data.lastDay;
  const caption =
    period === 'hour' ? t('adminMonitoring.routes.lastHour') : t('adminMonitoring.routes.lastDay');
  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center gap-3">
        <p className="text-sm text-stone-600" aria-live="polite">
          {t('adminMonitoring.updatedAt', { time: dateTime(data.generatedAt) })}
        </p>
        <Button variant="secondary" disabled={query.isFetching} onClick={() => void query.refetch()}>
          {t('adminMonitoring.refresh')}
        </Button>
      </div>
      <ProcessHealthCard health={data.health} />
      <Card title={t('adminMonitoring.traffic.title')}>
        <TrafficCharts series={data.series} />
      </Card>
      <Card title={t('adminMonitoring.routes.title')}>
        <fieldset className="mb-3 flex gap-2">
          <legend className="sr-only">{t('adminMonitoring.routes.period')}</legend>
          {(['hour', 'day'] as const).map((option) => (
            <Button
              key={option}
              variant={period === option ? 'primary' : 'secondary'}
              aria-pressed={period === option}
              onClick={() => setPeriod(option)}
            >
              {option === 'hour' ? t('adminMonitoring.routes.lastHour') : t('adminMonitoring.routes.lastDay')}
            </Button>
          ))}
        </fieldset>
        <RouteStatsTable rows={rows} caption={caption} />
      </Card>
    </div>
  );
}
