import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Card } from '../../../components/ui/card';
import { Chart } from '../../../components/ui/charts/chart';
import { useInviteTracking } from '../api/admin-insights';
import { count, dateTime, Figures, PeriodPicker, percent, QueryState, shortDay } from './figures';
import { TesterInvitesPanel } from './tester-invites-panel';

/** Invite tracking: the funnel per code, the daily series (all codes or one), the tester invites. */
export function InviteTrackingView() {
  const { t } = useTranslation();
  const [days, setDays] = useState(30);
  const [code, setCode] = useState<string | undefined>();
  const tracking = useInviteTracking(days, code);
  const data = tracking.data;
  if (!data) return <QueryState isLoading={tracking.isLoading} isError={tracking.isError} />;
  const { totals } = data;
  return (
    <div className="flex flex-col gap-6">
      <Figures
        testId="invite-totals"
        items={[
          [t('adminInsights.invites.visits'), count(totals.visits)],
          [t('adminInsights.invites.registrations'), count(totals.registrations)],
          [t('adminInsights.invites.conversions'), count(totals.conversions)],
          [t('adminInsights.invites.conversionRate'), percent(totals.conversionRate)],
        ]}
      />
      <Card title={t('adminInsights.invites.overTime')}>
        <div className="mb-3 flex flex-wrap items-center gap-3">
          <PeriodPicker days={days} onChange={setDays} />
          <label className="flex items-center gap-2 text-sm">
            {t('adminInsights.invites.code')}
            <select
              value={code ?? ''}
              onChange={(event) => setCode(event.target.value || undefined)}
              className="min-h-10 rounded-lg border border-stone-300 bg-white px-2"
              data-testid="invite-code-filter"
            >
              <option value="">{t('adminInsights.invites.allCodes')}</option>
              {data.codes.map((row) => (
                <option key={row.code} value={row.code}>
                  {row.code}
                </option>
              ))}
            </select>
          </label>
        </div>
        <Chart
          kind="bar"
          title={t('adminInsights.invites.perDay', { code: code ?? t('adminInsights.invites.allCodes') })}
          tableLabel={t('adminInsights.showTable')}
          data={data.series}
          xKey="day"
          xLabel={t('adminInsights.day')}
          formatX={shortDay}
          series={[
            { key: 'visits', label: t('adminInsights.invites.visits') },
            { key: 'registrations', label: t('adminInsights.invites.registrations') },
            { key: 'conversions', label: t('adminInsights.invites.conversions') },
          ]}
        />
      </Card>
      <Card title={t('adminInsights.invites.perCode', { shown: data.codes.length, total: data.codeCount })}>
        {/* Wider than a phone: it scrolls, and the keyboard can scroll it too. */}
        {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard */}
        <section className="overflow-x-auto" aria-label={t('adminInsights.invites.code')} tabIndex={0}>
          <table className="w-full min-w-[40rem] text-left text-sm" data-testid="invite-codes">
            <thead>
              <tr className="text-stone-600">
                <th scope="col" className="py-2 pr-3">
                  {t('adminInsights.invites.code')}
                </th>
                <th scope="col" className="py-2 pr-3">
                  {t('adminInsights.invites.source')}
                </th>
                {(['visits', 'registrations', 'joins', 'conversions', 'conversionRate'] as const).map(
                  (key) => (
                    <th key={key} scope="col" className="py-2 pr-3 text-right">
                      {t(`adminInsights.invites.${key}`)}
                    </th>
                  ),
                )}
                <th scope="col" className="py-2 pr-3">
                  {t('adminInsights.invites.lastUse')}
                </th>
              </tr>
            </thead>
            <tbody>
              {data.codes.map((row) => (
                <tr key={row.code} className="border-t border-stone-100">
                  <th scope="row" className="py-2 pr-3 font-mono font-normal">
                    {row.code}
                  </th>
                  <td className="py-2 pr-3">
                    {row.source === 'tester'
                      ? t('adminInsights.invites.testerInvite')
                      : `${row.organizationName ?? '—'} (${t(`organizationTypes.${row.organizationType}`)})`}
                  </td>
                  {[row.visits, row.registrations, row.joins, row.conversions].map((n, i) => (
                    // biome-ignore lint/suspicious/noArrayIndexKey: fixed columns
                    <td key={i} className="py-2 pr-3 text-right tabular-nums">
                      {count(n)}
                    </td>
                  ))}
                  <td className="py-2 pr-3 text-right tabular-nums">{percent(row.conversionRate)}</td>
                  <td className="py-2 pr-3">{row.lastAt ? dateTime(row.lastAt) : '—'}</td>
                </tr>
              ))}
            </tbody>
          </table>
          {data.codes.length === 0 && (
            <p className="py-2 text-stone-600">{t('adminInsights.invites.none')}</p>
          )}
        </section>
      </Card>
      <TesterInvitesPanel invites={data.testerInvites} />
    </div>
  );
}
