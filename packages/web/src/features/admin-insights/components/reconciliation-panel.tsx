import type { ReconciliationDifference, ReconciliationRun } from '@giro/contract/admin-insights';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { toast } from '../../../components/ui/toast-store';
import { euro } from '../../../lib/format';
import { useReconcileNow, useReconciliation } from '../api/admin-insights';
import { count, dateTime, QueryState } from './figures';

/**
 * The ledger against the payment provider (issue 17): the last reconciliation, what it compared,
 * and every charge or payout that differs, in red with the ids to look at; "Reconcile now" runs
 * one at once (otherwise hourly).
 */
export function ReconciliationPanel() {
  const { t } = useTranslation();
  const reconciliation = useReconciliation();
  const reconcileNow = useReconcileNow();
  const run = () =>
    reconcileNow.mutate(undefined, {
      onError: (error) =>
        toast({
          title: t('adminInsights.reconciliation.failed'),
          description: error.message,
          variant: 'destructive',
        }),
    });
  const last = reconciliation.data?.last;
  return (
    <Card title={t('adminInsights.reconciliation.title')} data-testid="reconciliation">
      {!reconciliation.data ? (
        <QueryState isLoading={reconciliation.isLoading} isError={reconciliation.isError} />
      ) : last ? (
        <LastRun run={last} />
      ) : (
        <p className="text-stone-700">{t('adminInsights.reconciliation.never')}</p>
      )}
      <Button variant="secondary" className="mt-4" onClick={run} busy={reconcileNow.isPending} needsNetwork>
        {t('adminInsights.reconciliation.now')}
      </Button>
    </Card>
  );
}

function LastRun({ run }: { run: ReconciliationRun }) {
  const { t } = useTranslation();
  const { charges, payouts } = run.checked;
  const agree = run.differences.length === 0 && run.error === null;
  return (
    <div className="flex flex-col gap-3">
      <p
        role="status"
        className={`rounded-xl px-3 py-2 font-semibold ${agree ? 'bg-teal-50 text-teal-900' : 'bg-red-50 text-red-800'}`}
      >
        {run.error !== null
          ? t('adminInsights.reconciliation.stopped', { error: run.error })
          : agree
            ? t('adminInsights.reconciliation.agree')
            : t('adminInsights.reconciliation.differ', { count: run.differences.length })}
      </p>
      <p className="text-sm text-stone-700">
        {t(`adminInsights.reconciliation.when.${run.trigger}`, {
          at: dateTime(run.finishedAt),
          provider: run.provider,
        })}
      </p>
      <dl className="grid grid-cols-2 gap-2 text-sm sm:grid-cols-4">
        {(
          [
            ['cardCharges', charges.card],
            ['paypalCharges', charges.paypal],
            ['payouts', payouts],
            ['inFlight', run.inFlight],
          ] as const
        ).map(([key, value]) => (
          <div key={key} className="rounded-xl bg-stone-50 px-3 py-2">
            <dt className="text-stone-600">{t(`adminInsights.reconciliation.checked.${key}`)}</dt>
            <dd className="font-semibold tabular-nums text-stone-900">{count(value)}</dd>
          </div>
        ))}
      </dl>
      {run.differences.length > 0 && <Differences differences={run.differences} />}
    </div>
  );
}

function Differences({ differences }: { differences: ReconciliationDifference[] }) {
  const { t } = useTranslation();
  const amount = (cents: number | null) =>
    cents === null ? t('adminInsights.reconciliation.unknown') : euro(cents);
  return (
    <div className="overflow-x-auto">
      <table className="w-full min-w-[36rem] text-left text-sm">
        <caption className="sr-only">{t('adminInsights.reconciliation.differencesCaption')}</caption>
        <thead className="text-stone-600">
          <tr>
            <th scope="col" className="py-1 pr-3 font-medium">
              {t('adminInsights.reconciliation.object')}
            </th>
            <th scope="col" className="py-1 pr-3 font-medium">
              {t('adminInsights.reconciliation.ledger')}
            </th>
            <th scope="col" className="py-1 pr-3 font-medium">
              {t('adminInsights.reconciliation.provider')}
            </th>
            <th scope="col" className="py-1 font-medium">
              {t('adminInsights.reconciliation.ids')}
            </th>
          </tr>
        </thead>
        <tbody>
          {differences.map((d) => (
            <tr key={d.operationId} className="border-t border-stone-200 align-top text-red-800">
              <td className="py-2 pr-3">
                {t(`adminInsights.reconciliation.kind.${d.object}`)}
                {d.method && ` (${t(`adminInsights.reconciliation.method.${d.method}`)})`}
              </td>
              <td className="py-2 pr-3 tabular-nums">{amount(d.ledgerCents)}</td>
              <td className="py-2 pr-3 tabular-nums">{amount(d.providerCents)}</td>
              <td className="py-2 break-all font-mono text-xs">
                {d.providerRef}
                <br />
                {d.subject}
                <br />
                {t('adminInsights.reconciliation.operation', { id: d.operationId })}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
