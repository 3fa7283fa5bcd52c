import type { FundView } from '@giro/contract/fund';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { useFundAction } from '../api/fund-actions';
import { useMemberName } from '../hooks/use-fund-people';
import { DeadlineCountdown } from './deadline-countdown';

type Emergency = NonNullable<FundView['round']>['emergencies'][number];

/**
 * A missed contribution (domain.md, phase 7): every other participant votes wait, skip or
 * expel. Wait is offered once per member and round; expel is irreversible, so it asks first.
 */
export function EmergencyVote({ fund, vote, userId }: { fund: FundView; vote: Emergency; userId: string }) {
  const { t } = useTranslation();
  const name = useMemberName(fund);
  const cast = useFundAction('voteEmergency');
  const member = name(vote.memberId);
  const mine = vote.votes[userId];
  const canVote = vote.voters.includes(userId) && !mine;
  const choose = (choice: 'wait' | 'skip' | 'expel') =>
    cast.run({ fundId: fund.id, id: vote.id, body: { choice } });
  return (
    <section
      aria-labelledby={`emergency-${vote.id}`}
      data-testid="emergency-vote"
      className="flex flex-col gap-3 rounded-xl bg-red-50 p-4 ring-1 ring-red-200"
    >
      <h3 id={`emergency-${vote.id}`} className="font-semibold text-red-900">
        {vote.memberId === userId
          ? t('fund.emergency.aboutYou')
          : t('fund.emergency.title', { name: member })}
      </h3>
      <p className="text-sm">
        {t('fund.emergency.strikes', { count: vote.memberStrikes })}
        {vote.memberAtRisk && (
          <strong className="ml-2 rounded bg-red-700 px-2 py-0.5 text-xs text-white">
            {t('fund.emergency.atRisk')}
          </strong>
        )}
      </p>
      <DeadlineCountdown deadline={vote.deadline} label={t('fund.emergency.deadline')} />
      <p className="text-sm text-stone-700">
        {t('fund.emergency.count', { votes: Object.keys(vote.votes).length, total: vote.voters.length })}
      </p>
      {canVote && (
        <div className="flex flex-wrap gap-2">
          {vote.allowWait && (
            <Button variant="secondary" disabled={cast.isPending} onClick={() => choose('wait')}>
              {t('fund.emergency.wait')}
            </Button>
          )}
          <Button variant="secondary" disabled={cast.isPending} onClick={() => choose('skip')}>
            {t('fund.emergency.skip')}
          </Button>
          <ConfirmDialog
            trigger={
              <Button variant="danger" disabled={cast.isPending}>
                {t('fund.emergency.expel')}
              </Button>
            }
            title={t('fund.emergency.expelTitle', { name: member })}
            body={t('fund.emergency.expelBody')}
            confirmLabel={t('fund.emergency.expel')}
            onConfirm={() => choose('expel')}
          />
        </div>
      )}
      {mine && (
        <p className="text-sm font-medium">
          {t('fund.emergency.youVoted', { choice: t(`fund.emergency.${mine}`) })}
        </p>
      )}
      <ul className="text-xs text-stone-700">
        {vote.allowWait && <li>{t('fund.emergency.waitHint')}</li>}
        <li>{t('fund.emergency.skipHint')}</li>
        <li>{t('fund.emergency.expelHint')}</li>
      </ul>
    </section>
  );
}
