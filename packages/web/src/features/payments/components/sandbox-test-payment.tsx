import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { toast } from '../../../components/ui/toast-store';
import { errorText } from '../../../lib/api-client';
import { euro } from '../../../lib/format';
import { useSandboxTestPayment } from '../api/sandbox-test-payment';

const AMOUNT_CENTS = 1000;

/**
 * The €10 PayPal sandbox test payment (SPEC §2): no real money; it needs the PayPal email of the
 * settings, which the server checks (PAYPAL_EMAIL_REQUIRED) and which this card recalls.
 */
export function SandboxTestPayment({ hasPaypalEmail }: { hasPaypalEmail: boolean }) {
  const { t } = useTranslation();
  const payment = useSandboxTestPayment();
  const amount = euro(AMOUNT_CENTS);
  const pay = () =>
    payment.pay({
      onSuccess: (result) =>
        toast({
          title: t('payments.test.succeeded', { amount: euro(result.amountCents) }),
          description: t('payments.test.reference', { reference: result.reference }),
        }),
      onError: (error) =>
        toast({ title: t('payments.test.failed'), description: errorText(error), variant: 'destructive' }),
    });
  return (
    <Card title={t('payments.test.title', { amount })} data-testid="sandbox-test-payment">
      <p className="text-sm text-stone-700">{t('payments.test.explain', { amount })}</p>
      {!hasPaypalEmail && (
        <p className="mt-2 text-sm text-amber-900" id="sandbox-test-hint">
          {t('payments.test.needsEmail')}
        </p>
      )}
      <Button
        className="mt-3"
        busy={payment.isPending}
        aria-describedby={hasPaypalEmail ? undefined : 'sandbox-test-hint'}
        onClick={pay}
      >
        {payment.isPending ? t('payments.test.paying') : t('payments.test.pay', { amount })}
      </Button>
    </Card>
  );
}
