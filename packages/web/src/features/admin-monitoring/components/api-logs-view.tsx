import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Card } from '../../../components/ui/card';
import { errorText } from '../../../lib/api-client';
import { type ApiLogFilters, useApiLogs } from '../api/monitoring-queries';
import { ApiLogsFilters } from './api-logs-filters';
import { dateTime, ms } from './format';
import { LoadMore } from './load-more';
import { cell, ScrollTable } from './scroll-table';

/** Recent API requests, filterable, newest first, paged by the server's cursor. */
export function ApiLogsView() {
  const { t } = useTranslation();
  const [filters, setFilters] = useState<ApiLogFilters>({});
  const query = useApiLogs(filters);
  const items = query.data?.pages.flatMap((page) => page.items) ?? [];
  return (
    <div className="flex flex-col gap-4">
      <Card title={t('adminMonitoring.filters.title')}>
        <ApiLogsFilters onApply={setFilters} />
      </Card>
      <Card title={t('adminMonitoring.logs.title')}>
        {query.isPending ? (
          <p role="status">{t('adminMonitoring.loading')}</p>
        ) : query.isError ? (
          <p role="alert">{errorText(query.error)}</p>
        ) : items.length === 0 ? (
          <p>{t('adminMonitoring.logs.empty')}</p>
        ) : (
          <>
            <ScrollTable
              caption={t('adminMonitoring.logs.title')}
              head={[
                t('adminMonitoring.logs.time'),
                t('adminMonitoring.logs.status'),
                t('adminMonitoring.logs.request'),
                t('adminMonitoring.logs.duration'),
                t('adminMonitoring.logs.user'),
                t('adminMonitoring.logs.requestId'),
              ]}
            >
              {items.map((item) => (
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
              ))}
            </ScrollTable>
            <LoadMore
              shown={items.length}
              hasMore={query.hasNextPage}
              loading={query.isFetchingNextPage}
              onMore={() => void query.fetchNextPage()}
            />
          </>
        )}
      </Card>
    </div>
  );
}
