import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Card } from '../../../components/ui/card';
import { type ApiLogFilters, useApiLogs } from '../api/monitoring-queries';
import { ApiLogsFilters } from './api-logs-filters';
import { dateTime, ms } from './format';
import { PagedTable } from './paged-table';
import { cell } from './scroll-table';

/** Recent API requests, filterable, newest first, paged by the server's cursor. */
export function ApiLogsView() {
  const { t } = useTranslation();
  const [filters, setFilters] = useState<ApiLogFilters>({});
  const query = useApiLogs(filters);
  return (
    <div className="flex flex-col gap-4">
      <Card title={t('adminMonitoring.filters.title')}>
        <ApiLogsFilters onApply={setFilters} />
      </Card>
      <Card title={t('adminMonitoring.logs.title')}>
        <PagedTable
          query={query}
          empty={t('adminMonitoring.logs.empty')}
          caption={t('adminMonitoring.logs.title')}
          head={[
            t('adminMonitoring.logs.time'),
            t('adminMonitoring.logs.status'),
            t('adminMonitoring.logs.request'),
            t('adminMonitoring.logs.duration'),
            t('adminMonitoring.logs.user'),
            t('adminMonitoring.logs.requestId'),
          ]}
          row={(item) => (
            <tr key={item.id}>
              <td className={`${cell} whitespace-nowrap tabular-nums`}>{dateTime(item.at)}</td>
              <td
                className={`${cell} tabular-nums ${item.status >= 500 ? 'font-semibold text-red-800' : ''}`}
              >
                {item.status}
              </td>
              <td className={`${cell} font-mono text-xs`}>
                {item.method} {item.route}
              </td>
              <td className={`${cell} tabular-nums`}>{ms(item.durationMs)}</td>
              <td className={`${cell} font-mono text-xs`}>{item.userId ?? '—'}</td>
              <td className={`${cell} font-mono text-xs`}>{item.requestId}</td>
            </tr>
          )}
        />
      </Card>
    </div>
  );
}
