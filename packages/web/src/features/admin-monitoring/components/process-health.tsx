import type { ProcessHealth } from '@giro/contract/admin-monitoring';
import { useTranslation } from 'react-i18next';
import { Card } from '../../../components/ui/card';
import { count, duration, megabytes, ms } from './format';

/** This instance's health: uptime, memory, event loop, sockets, outbox backlog, deadline lag. */
export function ProcessHealthCard({ health }: { health: ProcessHealth }) {
  const { t } = useTranslation();
  const items: [string, string][] = [
    [t('adminMonitoring.health.uptime'), duration(health.uptimeSeconds)],
    [t('adminMonitoring.health.memory'), megabytes(health.rssBytes)],
    [
      t('adminMonitoring.health.heap'),
      `${megabytes(health.heapUsedBytes)} / ${megabytes(health.heapTotalBytes)}`,
    ],
    [
      t('adminMonitoring.health.eventLoop'),
      `${ms(health.eventLoopDelayP50Ms)} · p99 ${ms(health.eventLoopDelayP99Ms)}`,
    ],
    [t('adminMonitoring.health.sockets'), count(health.openSockets)],
    [t('adminMonitoring.health.outbox'), count(health.outboxBacklog)],
    [t('adminMonitoring.health.deadlineLag'), duration(health.deadlineLagSeconds)],
    [
      t('adminMonitoring.health.buffered'),
      `${count(health.bufferedRequests)} · ${t('adminMonitoring.health.dropped')} ${count(health.droppedRequests)}`,
    ],
  ];
  return (
    <Card title={t('adminMonitoring.health.title')}>
      <dl className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        {items.map(([label, value]) => (
          <div key={label} className="rounded-lg bg-stone-50 p-3">
            <dt className="text-xs text-stone-600">{label}</dt>
            <dd className="text-lg font-semibold tabular-nums">{value}</dd>
          </div>
        ))}
      </dl>
    </Card>
  );
}
