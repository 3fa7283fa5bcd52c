import { useTranslation } from 'react-i18next';
import { Card } from '../../../components/ui/card';
import { Chart } from '../../../components/ui/charts/chart';
import { euro } from '../../../lib/format';
import { useFundMetrics } from '../api/admin-insights';
import { count, Figures, percent, QueryState } from './figures';
import { ReconciliationPanel } from './reconciliation-panel';

const DAY_MS = 86_400_000;

/**
 * Fund metrics: phases, on-time contributions, emergency votes, strikes, timeouts, payouts, debts,
 * cycles; and the reconciliation of the ledger with the payment provider.
 */
export function FundMetricsView() {
  const { t } = useTranslation();
  const metrics = useFundMetrics();
  const data = metrics.data;
  if (!data) return <QueryState isLoading={metrics.isLoading} isError={metrics.isError} />;
  const { contributions, emergencyVotes, strikes, debts, cycles } = data;
  const showTable = t('adminInsights.showTable');
  const averageDays =
    cycles.averageLengthMs === null
      ? '—'
      : t('adminInsights.funds.days', { count: Math.round((cycles.averageLengthMs / DAY_MS) * 10) / 10 });
  return (
    <div className="flex flex-col gap-6">
      {/* First: a difference between the ledger and the provider is what an admin acts on. */}
      <ReconciliationPanel />
      <Figures
        testId="fund-figures"
        items={[
          [t('adminInsights.funds.running'), count(data.funds.running)],
          [t('adminInsights.funds.onTimeRate'), percent(contributions.onTimeRate)],
          [t('adminInsights.funds.strikes'), count(strikes.total)],
          [t('adminInsights.funds.atRisk'), count(strikes.membersAtRisk)],
          [t('adminInsights.funds.recipientTimeouts'), count(data.recipientTimeouts)],
          [t('adminInsights.funds.payoutFailures'), count(data.payoutFailures)],
          [t('adminInsights.funds.debts'), `${euro(debts.totalCents)} (${count(debts.members)})`],
          [t('adminInsights.funds.averageCycle'), averageDays],
        ]}
      />
      <div className="grid gap-4 md:grid-cols-2">
        <Card>
          <Chart
            kind="bar"
            title={t('adminInsights.funds.byPhase')}
            tableLabel={showTable}
            data={data.byPhase.map((row) => ({ ...row, label: t(`adminInsights.phase.${row.phase}`) }))}
            xKey="label"
            xLabel={t('adminInsights.funds.phase')}
            series={[{ key: 'count', label: t('adminInsights.funds.funds') }]}
          />
        </Card>
        <Card>
          <Chart
            kind="bar"
            title={t('adminInsights.funds.emergencyVotes')}
            tableLabel={showTable}
            data={(['wait', 'skip', 'expel', 'withdrawn', 'open'] as const).map((outcome) => ({
              label: t(`adminInsights.funds.outcome.${outcome}`),
              count: emergencyVotes[outcome],
            }))}
            xKey="label"
            xLabel={t('adminInsights.funds.outcomeLabel')}
            series={[{ key: 'count', label: t('adminInsights.funds.votes') }]}
          />
        </Card>
      </div>
      <Card title={t('adminInsights.funds.contributions')}>
        <Figures
          items={[
            [t('adminInsights.funds.onTime'), count(contributions.onTime)],
            [t('adminInsights.funds.late'), count(contributions.late)],
            [t('adminInsights.funds.missed'), count(contributions.missed)],
            [t('adminInsights.funds.failed'), count(contributions.failed)],
          ]}
        />
        <p className="mt-3 text-sm text-stone-600">
          {t('adminInsights.funds.rateNote', { completed: count(cycles.completed) })}
        </p>
      </Card>
    </div>
  );
}
