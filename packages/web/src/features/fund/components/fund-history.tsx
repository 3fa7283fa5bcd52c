import type { FundView } from '@giro/contract/fund';
import { useTranslation } from 'react-i18next';
import { euro, longDate } from '../../../lib/format';
import { useFundHistory } from '../api/fund-queries';
import { useMemberName } from '../hooks/use-fund-people';
import { DrawProof } from './draw-proof';

/** Completed cycles, newest first: dates, totals, who received when, and the verifiable draw. */
export function FundHistory({ fund }: { fund: FundView }) {
  const { t } = useTranslation();
  const name = useMemberName(fund);
  const history = useFundHistory(fund.id, fund.historyCount > 0);
  if (fund.historyCount === 0) return null;
  const cycles = [...(history.data ?? [])].sort((a, b) => b.cycleNumber - a.cycleNumber);
  return (
    <section aria-labelledby="fund-history" data-testid="fund-history" className="flex flex-col gap-3">
      <h3 id="fund-history" className="font-semibold">
        {t('fund.history.title')}
      </h3>
      {history.isError && (
        <p role="alert" className="text-sm text-red-800">
          {t('fund.history.loadFailed')}
        </p>
      )}
      {cycles.map((cycle) => (
        <article
          key={cycle.cycleNumber}
          className="rounded-xl p-3 ring-1 ring-stone-200"
          data-testid="history-cycle"
        >
          <h4 className="font-semibold">{t('fund.history.cycle', { number: cycle.cycleNumber })}</h4>
          <p className="text-sm text-stone-700">
            {t('fund.history.dates', {
              created: longDate(cycle.createdAt),
              completed: longDate(cycle.completedAt),
            })}
          </p>
          <p className="text-sm text-stone-700">
            {t('fund.history.totals', {
              amount: euro(cycle.amountCents),
              total: euro(cycle.totalContributionsCents),
            })}
          </p>
          <ol className="my-2 border-l-2 border-teal-200 pl-3 text-sm">
            {cycle.recipients.map((r) => (
              <li key={r.roundNumber} className="py-1">
                <span className="font-medium">{t('fund.history.round', { number: r.roundNumber })}</span>{' '}
                {name(r.recipientId)} · {euro(r.grossCents)} · {longDate(r.at)}
              </li>
            ))}
          </ol>
          {cycle.swaps.length > 0 && (
            <ul className="mb-2 text-sm text-stone-700" data-testid="history-swaps">
              {cycle.swaps.map((s) => (
                <li key={s.id}>
                  {t('fund.swaps.done', { from: name(s.fromId), to: name(s.toId), date: longDate(s.at) })}
                </li>
              ))}
            </ul>
          )}
          <DrawProof draw={{ ...cycle, fundId: fund.id }} name={name} />
        </article>
      ))}
    </section>
  );
}
