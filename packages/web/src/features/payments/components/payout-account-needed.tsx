import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { payoutAccountHref } from '../../../lib/payout-account-link';
import { usePayoutAccount } from '../api/payout-account';

/**
 * Said where a member asks the family for money (the request form; its page wires it in): what a
 * request raises is paid out to a connected payout account, so someone without an active one
 * learns it before asking, not when the payout fails. Nothing while the account is read, or once
 * it is active.
 */
export function PayoutAccountNeeded() {
  const { t } = useTranslation();
  const account = usePayoutAccount().data;
  if (!account || account.status === 'active') return null;
  return (
    <p
      data-testid="payout-account-needed"
      className="rounded-lg bg-amber-50 p-3 text-sm text-amber-950 ring-1 ring-amber-300"
    >
      {t('payments.neededForRequest')}{' '}
      <Link href={payoutAccountHref} className="font-semibold text-teal-900 underline">
        {t('payments.connectForRequest')}
      </Link>
    </p>
  );
}
