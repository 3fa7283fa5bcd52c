import type { FundView } from '@giro/contract/fund';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { useStartFund } from '../api/fund-actions';
import { RealtimeBadge } from './realtime-badge';

/**
 * No fund yet, or the last cycle ended: any member opens a new voting phase. On the fund's own
 * page (`ownPage`), whose h1 already names the fund, the card is headed by where the fund stands.
 */
export function StartFund({ fund, ownPage = false }: { fund: FundView | null; ownPage?: boolean }) {
  const { t } = useTranslation();
  const start = useStartFund();
  const intro = !fund
    ? t('fund.start.none')
    : fund.phase === 'cancelled'
      ? t('fund.start.cancelled', { reason: fund.cancelReason ?? '' })
      : t('fund.start.completed', { cycle: fund.cycleNumber });
  return (
    <Card data-testid="fund-start">
      <div className="mb-3 flex flex-wrap items-center justify-between gap-2">
        <h2 className="text-lg font-semibold text-stone-900">{ownPage ? intro : t('fund.title')}</h2>
        <RealtimeBadge />
      </div>
      {!ownPage && <p className="text-sm text-stone-700">{intro}</p>}
      <p className="mt-1 text-sm text-stone-700">{t('fund.start.explain')}</p>
      <Button className="mt-4" busy={start.isPending} onClick={() => start.mutate()}>
        {fund ? t('fund.start.next') : t('fund.start.create')}
      </Button>
    </Card>
  );
}
