import type { FundView } from '@giro/contract/fund';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { useFundAction } from '../api/fund-actions';

/**
 * From the end of voting until the cycle's first contribution any participant may ask to vote
 * again; more than half of the participants restart voting (domain.md, phase 3).
 */
export function isRestartOpen(fund: FundView): boolean {
  if (['confirmation', 'dismissal_acknowledgment', 'date_voting'].includes(fund.phase)) return true;
  return (
    fund.phase === 'collecting' &&
    fund.received.length === 0 &&
    fund.round?.totalCollectedCents === 0 &&
    fund.round.contributedBy.length === 0
  );
}

export function RestartVote({ fund, userId }: { fund: FundView; userId: string }) {
  const { t } = useTranslation();
  const restart = useFundAction('restart');
  const active = fund.participants.filter((id) => !fund.expelled.includes(id));
  if (!isRestartOpen(fund) || !active.includes(userId)) return null;
  const hasVoted = fund.restartVotes.includes(userId);
  return (
    <section aria-labelledby="restart" className="flex flex-col gap-2 rounded-xl bg-stone-50 p-3">
      <h3 id="restart" className="text-sm font-semibold">
        {t('fund.restart.title')}
      </h3>
      <p className="text-sm text-stone-700">
        {t('fund.restart.count', { votes: fund.restartVotes.length, total: active.length })}
      </p>
      {hasVoted ? (
        <p className="text-sm font-medium">{t('fund.restart.youVoted')}</p>
      ) : (
        <Button
          variant="secondary"
          className="self-start"
          busy={restart.isPending}
          onClick={() => restart.run({ fundId: fund.id })}
        >
          {t('fund.restart.submit')}
        </Button>
      )}
    </section>
  );
}
