import type { FundView } from '@giro/contract/fund';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { useFundAction } from '../api/fund-actions';

type Option = FundView['dateOptions'][number];

/** The withdrawal-date vote (domain.md, phase 5): the winning option is each round's length. */
export function DateVote({ fund, userId }: { fund: FundView; userId: string }) {
  const { t } = useTranslation();
  const vote = useFundAction('voteDate');
  const mine = fund.dateVotes[userId];
  const [choice, setChoice] = useState<Option | undefined>(mine);
  const canVote = fund.participants.includes(userId) && !mine;
  const tally = (option: Option) => Object.values(fund.dateVotes).filter((v) => v === option).length;
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (choice) vote.run({ fundId: fund.id, body: { option: choice } });
  };
  return (
    <form onSubmit={onSubmit} className="flex flex-col gap-3" data-testid="date-vote">
      <fieldset className="flex flex-col gap-2" disabled={!canVote}>
        <legend className="mb-1 font-semibold">{t('fund.date.title')}</legend>
        <p className="text-sm text-stone-700">{t('fund.date.explain')}</p>
        {fund.dateOptions.map((option) => (
          <label
            key={option}
            className="flex min-h-11 cursor-pointer items-center justify-between gap-3 rounded-lg px-3 py-2 ring-1 ring-stone-200 has-checked:bg-teal-50 has-checked:ring-teal-600 has-focus-visible:outline-3 has-focus-visible:outline-teal-600"
          >
            <span className="flex items-center gap-3">
              <input
                type="radio"
                name="withdrawal-date"
                value={option}
                checked={choice === option}
                onChange={() => setChoice(option)}
                className="size-4 accent-teal-700"
              />
              {t(`fund.date.options.${option}`)}
            </span>
            <span className="text-xs text-stone-600">{t('fund.date.votes', { count: tally(option) })}</span>
          </label>
        ))}
      </fieldset>
      {canVote ? (
        <Button type="submit" className="self-start" disabled={!choice || vote.isPending}>
          {t('fund.date.submit')}
        </Button>
      ) : (
        mine && (
          <p className="text-sm font-medium">
            {t('fund.date.youVoted', { option: t(`fund.date.options.${mine}`) })}
          </p>
        )
      )}
    </form>
  );
}
