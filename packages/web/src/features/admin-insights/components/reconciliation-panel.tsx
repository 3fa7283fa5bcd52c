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
      <dl
        className="flex flex-wrap gap-x-5 gap-y-1 text-sm"
        aria-label={t('adminInsights.reconciliation.compared')}
      >
        {(
          [
            ['cardCharges', charges.card],
            ['paypalCharges', charges.paypal],
            ['payouts', payouts],
            ['inFlight', run.inFlight],
          ] as const
        ).map(([key, value]) => (
          <div key={key} className="flex gap-1.5">
            <dt className="text-stone-600">{t(`adminInsights.reconciliation.checked.${key}`)}</dt>
            <dd className="font-semibold tabular-nums text-stone-900">{count(value)}</dd>
          </div>
        ))}
      </dl>
      {run.differences.length > 0 && <Differences differences={run.differences} />}
    </div>
  );
}

/** Each difference as a block (a table would hide the ids off a phone's screen). */
function Differences({ differences }: { differences: ReconciliationDifference[] }) {
  const { t } = useTranslation();
  const amount = (cents: number | null) =>
    cents === null ? t('adminInsights.reconciliation.unknown') : euro(cents);
  return (
    <ul className="flex flex-col gap-2" aria-label={t('adminInsights.reconciliation.differencesCaption')}>
      {differences.map((d) => (
        <li
          key={d.operationId}
          className="rounded-xl bg-red-50 p-3 text-red-900 ring-1 ring-red-200"
          data-testid="reconciliation-difference"
        >
          <p className="font-semibold">
            {t(`adminInsights.reconciliation.kind.${d.object}`)}
            {d.method && ` (${t(`adminInsights.reconciliation.method.${d.method}`)})`}
          </p>
          <dl className="mt-1 flex flex-wrap gap-x-5 text-sm">
            <div className="flex gap-1.5">
              <dt>{t('adminInsights.reconciliation.ledger')}</dt>
              <dd className="font-semibold tabular-nums">{amount(d.ledgerCents)}</dd>
            </div>
            <div className="flex gap-1.5">
              <dt>{t('adminInsights.reconciliation.provider')}</dt>
              <dd className="font-semibold tabular-nums">{amount(d.providerCents)}</dd>
            </div>
          </dl>
          <p className="mt-1 break-all font-mono text-xs">
            {d.providerRef}
            <br />
            {d.subject}
            <br />
            {t('adminInsights.reconciliation.operation', { id: d.operationId })}
          </p>
        </li>
      ))}
    </ul>
  );
}
