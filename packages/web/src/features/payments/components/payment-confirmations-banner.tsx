import { useTranslation } from 'react-i18next';
import { clockTime, euro } from '../../../lib/format';
import { usePaymentConfirmations } from '../api/payment-confirmations';

/**
 * A card payment waiting for its payer to confirm it with their bank (3-D Secure): the link
 * leads to the provider's page, which comes back to the dashboard. Shown on every page, as the
 * contribution is taken back if it is not confirmed in time.
 */
export function PaymentConfirmationsBanner() {
  const { t } = useTranslation();
  const confirmations = usePaymentConfirmations().data ?? [];
  if (confirmations.length === 0) return null;
  return (
    <div className="mb-6 flex flex-col gap-3" data-testid="payment-confirmations">
      {confirmations.map((confirmation) => (
        <div
          key={confirmation.operationId}
          role="alert"
          className="flex flex-wrap items-center justify-between gap-3 rounded-2xl bg-amber-50 p-4 text-amber-950 ring-1 ring-amber-200"
        >
          <p className="text-sm">
            {t('payments.confirmation.text', {
              amount: euro(confirmation.amountCents),
              time: clockTime(confirmation.expiresAt),
            })}
          </p>
          <a
            href={confirmation.url}
            className="inline-flex min-h-11 items-center rounded-lg bg-teal-800 px-4 font-medium text-white hover:bg-teal-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-teal-800"
          >
            {t('payments.confirmation.action')}
          </a>
        </div>
      ))}
    </div>
  );
}
