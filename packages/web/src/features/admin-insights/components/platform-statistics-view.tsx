import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Card } from '../../../components/ui/card';
import { Chart } from '../../../components/ui/charts/chart';
import { euro } from '../../../lib/format';
import { usePlatformStatistics } from '../api/admin-insights';
import { count, Figures, PeriodPicker, QueryState, shortDay } from './figures';

/** Platform statistics: users, organizations by type, funds by status, money from the ledger, growth. */
export function PlatformStatisticsView() {
  const { t } = useTranslation();
  const [days, setDays] = useState(30);
  const statistics = usePlatformStatistics(days);
  const data = statistics.data;
  if (!data) return <QueryState isLoading={statistics.isLoading} isError={statistics.isError} />;
  const { users, organizations, funds, money } = data;
  const showTable = t('adminInsights.showTable');
  return (
    <div className="flex flex-col gap-6">
      <Figures
        testId="statistics-figures"
        items={[
          [t('adminInsights.stats.users'), count(users.total - users.deleted)],
          [t('adminInsights.stats.verifiedUsers'), count(users.verified)],
          [t('adminInsights.stats.organizations'), count(organizations.open)],
          [t('adminInsights.stats.funds'), count(funds.total)],
          [t('adminInsights.stats.moved'), euro(money.movedCents)],
          [t('adminInsights.stats.paidOut'), euro(money.paidOutCents)],
          [t('adminInsights.stats.fees'), euro(money.feesCents)],
          [t('adminInsights.stats.inEscrow'), euro(money.inEscrowCents)],
        ]}
      />
      <p className="text-sm text-stone-600">
        {t('adminInsights.stats.moneyNote', { refunded: euro(money.refundedCents) })}
      </p>
      <div className="grid gap-4 md:grid-cols-2">
        <Card>
          <Chart
            kind="bar"
            title={t('adminInsights.stats.byType')}
            tableLabel={showTable}
            data={organizations.byType.map((row) => ({ ...row, label: t(`organizationTypes.${row.type}`) }))}
            xKey="label"
            xLabel={t('adminInsights.stats.type')}
            series={[{ key: 'count', label: t('adminInsights.stats.organizations') }]}
          />
        </Card>
        <Card>
          <Chart
            kind="bar"
            title={t('adminInsights.stats.byStatus')}
            tableLabel={showTable}
            data={funds.byStatus.map((row) => ({
              ...row,
              label: t(`adminInsights.fundStatus.${row.status}`),
            }))}
            xKey="label"
            xLabel={t('adminInsights.stats.status')}
            series={[{ key: 'count', label: t('adminInsights.stats.funds') }]}
          />
        </Card>
      </div>
      <Card title={t('adminInsights.stats.growth')}>
        <div className="mb-3">
          <PeriodPicker days={days} onChange={setDays} />
        </div>
        <div className="grid gap-6 lg:grid-cols-2">
          <Chart
            kind="bar"
            title={t('adminInsights.stats.newPerDay')}
            tableLabel={showTable}
            data={data.series}
            xKey="day"
            xLabel={t('adminInsights.day')}
            formatX={shortDay}
            series={[
              { key: 'newUsers', label: t('adminInsights.stats.newUsers') },
              { key: 'newOrganizations', label: t('adminInsights.stats.newOrganizations') },
            ]}
          />
          <Chart
            kind="line"
            title={t('adminInsights.stats.moneyPerDay')}
            tableLabel={showTable}
            data={data.series}
            xKey="day"
            xLabel={t('adminInsights.day')}
            formatX={shortDay}
            formatValue={euro}
            series={[
              { key: 'movedCents', label: t('adminInsights.stats.moved') },
              { key: 'feesCents', label: t('adminInsights.stats.fees') },
            ]}
          />
        </div>
      </Card>
    </div>
  );
}
