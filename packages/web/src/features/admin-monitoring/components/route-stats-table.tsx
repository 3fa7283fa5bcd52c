import type { RouteStats } from '@giro/contract/admin-monitoring';
import { useTranslation } from 'react-i18next';
import { count, ms, percent } from './format';
import { cell, ScrollTable } from './scroll-table';

/** Per route template: requests, error rates and latency percentiles. */
export function RouteStatsTable({ rows, caption }: { rows: RouteStats[]; caption: string }) {
  const { t } = useTranslation();
  if (rows.length === 0) return <p className="text-stone-600">{t('adminMonitoring.routes.empty')}</p>;
  return (
    <ScrollTable
      caption={caption}
      head={[
        t('adminMonitoring.routes.route'),
        t('adminMonitoring.routes.count'),
        t('adminMonitoring.routes.errorRate'),
        t('adminMonitoring.routes.clientErrorRate'),
        'p50',
        'p95',
        'p99',
      ]}
    >
      {rows.map((row) => (
        <tr key={`${row.method} ${row.route}`}>
          <th scope="row" className={`${cell} font-mono text-xs font-normal`}>
            {row.method} {row.route}
          </th>
          <td className={`${cell} tabular-nums`}>{count(row.count)}</td>
          <td className={`${cell} tabular-nums ${row.errorRate > 0 ? 'font-semibold text-red-800' : ''}`}>
            {percent(row.errorRate)}
          </td>
          <td className={`${cell} tabular-nums`}>{percent(row.clientErrorRate)}</td>
          <td className={`${cell} tabular-nums`}>{ms(row.p50Ms)}</td>
          <td className={`${cell} tabular-nums`}>{ms(row.p95Ms)}</td>
          <td className={`${cell} tabular-nums`}>{ms(row.p99Ms)}</td>
        </tr>
      ))}
    </ScrollTable>
  );
}
