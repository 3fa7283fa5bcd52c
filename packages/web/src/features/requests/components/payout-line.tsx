import type { RequestDetails } from '@giro/contract/requests';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { Button } from '../../../components/ui/button';
import { euro } from '../../../lib/format';
import { paths } from '../../../lib/paths';
import { useRetryPayout } from '../api/request-actions';

/** The owner's payout: under way, paid, or failed with the way to fix it (an active payment account). */
export function PayoutLine({ request, isOwner }: { request: RequestDetails; isOwner: boolean }) {
  const { t } = useTranslation();
  const retry = useRetryPayout(request.id);
  const payout = request.payout!;
  const amounts = { net: euro(payout.netCents), fee: euro(payout.feeCents) };
  // Every payment was declined after the end: nothing is left to pay out, and no retry can.
  const nothingLeft = payout.status === 'failed' && payout.netCents === 0;
  const status = nothingLeft ? 'nothingLeft' : payout.status;
  return (
    <div className="mt-2 flex flex-col gap-2">
      <p
        className={`text-sm ${payout.status === 'failed' ? 'text-red-800' : 'text-stone-700'}`}
        data-testid="request-payout"
      >
        {/* To the owner about herself, not "to the one who created it". */}
        {t(`requests.${isOwner ? 'payoutStatusMine' : 'payoutStatus'}.${status}`, amounts)}
      </p>
      {isOwner && payout.status === 'failed' && !nothingLeft && (
        <div className="flex flex-wrap items-center gap-2">
          <Button onClick={() => retry.mutate(undefined)} busy={retry.isPending}>
            {t('requests.retryPayout')}
          </Button>
          <Link href={paths.account} className="text-sm text-teal-800 underline">
            {t('requests.accountSettings')}
          </Link>
        </div>
      )}
    </div>
  );
}
