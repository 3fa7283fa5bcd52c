import type { FundView } from '@giro/contract/fund';
import { useTranslation } from 'react-i18next';
import { euro } from '../../../lib/format';
import { useMemberName } from '../hooks/use-fund-people';

/** Who has voted; the amounts only once voting has closed, then the median as the final amount. */
export function VotingResults({ fund }: { fund: FundView }) {
  const { t } = useTranslation();
  const name = useMemberName(fund);
  const isOpen = fund.phase === 'voting';
  return (
    <section aria-labelledby="voting-results" data-testid="voting-results" className="flex flex-col gap-2">
      <h3 id="voting-results" className="font-semibold">
        {t('fund.results.title')}
      </h3>
      <p className="text-sm text-stone-700">
        {t('fund.results.count', { voted: fund.votedBy.length, total: fund.voters.length })}
      </p>
      <ul className="divide-y divide-stone-100 text-sm">
        {fund.voters.map((id) => (
          <li key={id} className="flex justify-between gap-3 py-1.5">
            <span>{name(id)}</span>
            <span className={fund.votedBy.includes(id) ? 'text-teal-800' : 'text-stone-500'}>
              {fund.votes && id in fund.votes
                ? euro(fund.votes[id]!)
                : fund.votedBy.includes(id)
                  ? t('fund.results.voted')
                  : isOpen
                    ? t('fund.results.waiting')
                    : t('fund.results.didNotVote')}
            </span>
          </li>
        ))}
      </ul>
      {isOpen && <p className="text-xs text-stone-600">{t('fund.results.hiddenUntilClose')}</p>}
      {fund.finalAmountCents !== null && (
        <p className="text-base" data-testid="final-amount">
          {t('fund.results.final')}: <strong>{euro(fund.finalAmountCents)}</strong>
        </p>
      )}
    </section>
  );
}
