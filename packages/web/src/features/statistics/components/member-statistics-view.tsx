import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Chart } from '../../../components/ui/charts/chart';
import { LoadingStatus } from '../../../components/ui/loading-status';
import { toast } from '../../../components/ui/toast-store';
import { euro } from '../../../lib/format';
import i18n from '../../../lib/i18n';
import { useDownloadStatement, useMemberStatistics } from '../api/statistics';

const day = (value: string | number) =>
  new Intl.DateTimeFormat(i18n.language === 'en' ? 'en-GB' : 'it-IT', {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(`${value}T00:00:00Z`));

/** The member's statistics page (SPEC §2): their money over time and per cycle, from the ledger. */
export function MemberStatisticsView() {
  const { t } = useTranslation();
  const statistics = useMemberStatistics();
  const download = useDownloadStatement();
  if (statistics.isPending) return <LoadingStatus className="text-stone-600" />;
  const data = statistics.data;
  if (statistics.isError || !data)
    return (
      <p role="alert" className="text-red-800">
        {t('statistics.loadFailed')}
      </p>
    );
  const showTable = t('statistics.showTable');
  const cycles = data.cycles.map((c) => ({
    ...c,
    label:
      c.source === 'fund'
        ? t('statistics.cycle', { number: c.cycleNumber ?? '?' })
        : t('statistics.requests'),
  }));
  return (
    <div className="flex flex-col gap-6">
      <dl className="grid gap-3 sm:grid-cols-3" data-testid="statistics-totals">
        {(
          [
            ['statistics.given', data.totals.givenCents],
            ['statistics.received', data.totals.receivedCents],
            ['statistics.balance', data.totals.balanceCents],
          ] as const
        ).map(([label, cents]) => (
          <div key={label} className="rounded-2xl bg-white p-4 shadow-sm ring-1 ring-stone-200">
            <dt className="text-sm text-stone-600">{t(label)}</dt>
            <dd className="mt-1 text-2xl font-bold text-teal-900 tabular-nums">{euro(cents)}</dd>
          </div>
        ))}
      </dl>
      {data.lineCount === 0 ? (
        <Card>
          <p data-testid="statistics-empty">{t('statistics.empty')}</p>
        </Card>
      ) : (
        <>
          <Card title={t('statistics.overTime')}>
            <Chart
              kind="area"
              title={t('statistics.balanceOverTime')}
              tableLabel={showTable}
              data={data.timeline}
              xKey="day"
              xLabel={t('statistics.day')}
              formatX={day}
              formatValue={euro}
              series={[
                { key: 'givenCents', label: t('statistics.given') },
                { key: 'receivedCents', label: t('statistics.received') },
                { key: 'balanceCents', label: t('statistics.balance') },
              ]}
            />
          </Card>
          <Card title={t('statistics.perCycle')}>
            <Chart
              kind="bar"
              title={t('statistics.perCycleChart')}
              tableLabel={showTable}
              data={cycles}
              xKey="label"
              xLabel={t('statistics.cycleLabel')}
              formatValue={euro}
              series={[
                { key: 'givenCents', label: t('statistics.given') },
                { key: 'receivedCents', label: t('statistics.received') },
              ]}
            />
          </Card>
        </>
      )}
      <Card title={t('statistics.statement')}>
        <p className="mb-3 text-sm text-stone-700">{t('statistics.statementHint')}</p>
        <Button
          variant="secondary"
          busy={download.isPending}
          onClick={() =>
            download.mutate(undefined, {
              onError: (error) =>
                toast({
                  title: t('statistics.downloadFailed'),
                  description: error.message,
                  variant: 'destructive',
                }),
            })
          }
          data-testid="statement-download"
        >
          {t('statistics.download')}
        </Button>
      </Card>
    </div>
  );
}
