import type { FundView } from '@giro/contract/fund';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { useFundAction } from '../api/fund-actions';
import { useMemberName } from '../hooks/use-fund-people';

/** Every participant acknowledges a dismissal before voting restarts (domain.md, phase 2). */
export function DismissalAck({ fund, userId }: { fund: FundView; userId: string }) {
  const { t } = useTranslation();
  const name = useMemberName(fund);
  const acknowledge = useFundAction('acknowledge');
  const dismissal = fund.dismissal;
  const mustAcknowledge = fund.participants.includes(userId) && !fund.acknowledged.includes(userId);
  return (
    <section aria-labelledby="dismissal" className="flex flex-col gap-3" data-testid="dismissal-ack">
      <h3 id="dismissal" className="font-semibold">
        {t('fund.ack.title')}
      </h3>
      {dismissal && (
        <blockquote className="rounded-lg bg-amber-50 p-3 text-sm ring-1 ring-amber-200">
          <p className="font-medium">{t('fund.ack.by', { name: name(dismissal.by) })}</p>
          <p className="mt-1 whitespace-pre-wrap break-words" data-testid="dismissal-reason">
            {dismissal.reason}
          </p>
        </blockquote>
      )}
      <p className="text-sm text-stone-700">
        {t('fund.ack.count', { done: fund.acknowledged.length, total: fund.participants.length })}
      </p>
      {mustAcknowledge ? (
        <Button busy={acknowledge.isPending} onClick={() => acknowledge.run({ fundId: fund.id })}>
          {t('fund.ack.submit')}
        </Button>
      ) : (
        <p className="text-sm font-medium">{t('fund.ack.waiting')}</p>
      )}
    </section>
  );
}
