import type { FundView } from '@giro/contract/fund';
import { Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { euro } from '../../../lib/format';
import { lazyNamed } from '../../../lib/lazy-named';
import { useFundAction } from '../api/fund-actions';
import { useMemberName } from '../hooks/use-fund-people';

const DismissDialog = lazyNamed(() => import('./dismiss-dialog'), 'DismissDialog');

/** Each participant accepts the final amount or dismisses it with a reason (domain.md, phase 2). */
export function ConfirmationVote({ fund, userId }: { fund: FundView; userId: string }) {
  const { t } = useTranslation();
  const name = useMemberName(fund);
  const accept = useFundAction('accept');
  const [isDismissing, setDismissing] = useState(false);
  const mine = fund.confirmations[userId];
  const canVote = fund.participants.includes(userId) && mine === undefined;
  return (
    <section aria-labelledby="confirmation" className="flex flex-col gap-3" data-testid="confirmation-vote">
      <h3 id="confirmation" className="font-semibold">
        {t('fund.confirm.title')}
      </h3>
      <p className="text-sm text-stone-700">
        {t('fund.confirm.explain', { amount: euro(fund.finalAmountCents ?? 0) })}
      </p>
      <ul className="text-sm">
        {fund.participants.map((id) => (
          <li key={id} className="flex justify-between gap-3 py-1">
            <span>{name(id)}</span>
            <span className="text-stone-700">
              {fund.confirmations[id] === true
                ? t('fund.confirm.accepted')
                : fund.confirmations[id] === false
                  ? t('fund.confirm.dismissed')
                  : t('fund.confirm.pending')}
            </span>
          </li>
        ))}
      </ul>
      {canVote ? (
        <div className="flex flex-wrap gap-2">
          <Button
            busy={accept.isPending}
            onClick={() => accept.run({ fundId: fund.id, body: { accept: true } })}
          >
            {t('fund.confirm.accept')}
          </Button>
          <Button variant="secondary" onClick={() => setDismissing(true)}>
            {t('fund.confirm.dismiss')}
          </Button>
        </div>
      ) : (
        mine !== undefined && <p className="text-sm font-medium">{t('fund.confirm.youVoted')}</p>
      )}
      {isDismissing && (
        <Suspense fallback={null}>
          <DismissDialog fundId={fund.id} open onOpenChange={setDismissing} />
        </Suspense>
      )}
    </section>
  );
}
