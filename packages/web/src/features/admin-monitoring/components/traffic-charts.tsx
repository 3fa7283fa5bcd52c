import type { TrafficPoint } from '@giro/contract/admin-monitoring';
import { useTranslation } from 'react-i18next';
import { Chart } from '../../../components/ui/charts/chart';
import { count, hour, ms } from './format';

/** The last 24 hours by hour: requests and server errors, and the p95 latency (each with its table). */
export function TrafficCharts({ series }: { series: TrafficPoint[] }) {
  const { t } = useTranslation();
  const data = series.map((point) => ({ ...point }));
  const formatX = (value: string | number) => hour(String(value));
  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <Chart
        kind="bar"
        title={t('adminMonitoring.traffic.requestsChart')}
        tableLabel={t('adminMonitoring.traffic.showTable')}
        data={data}
        xKey="at"
        xLabel={t('adminMonitoring.traffic.hour')}
        series={[
          { key: 'count', label: t('adminMonitoring.traffic.requests') },
          { key: 'errors', label: t('adminMonitoring.traffic.errors') },
        ]}
        formatValue={count}
        formatX={formatX}
      />
      <Chart
        kind="line"
        title={t('adminMonitoring.traffic.latencyChart')}
        tableLabel={t('adminMonitoring.traffic.showTable')}
        data={data}
        xKey="at"
        xLabel={t('adminMonitoring.traffic.hour')}
        series={[{ key: 'p95Ms', label: 'p95' }]}
        formatValue={ms}
        formatX={formatX}
      />
    </div>
  );
}
