import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  type BillingAddress,
  BillingAddressFields,
  emptyAddress,
  isAddressComplete,
} from '../../../components/ui/billing-address-fields';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { LoadingStatus } from '../../../components/ui/loading-status';
import { toast } from '../../../components/ui/toast-store';
import { errorText } from '../../../lib/api-client';
import { usePaymentPreferences, useSaveBillingAddress } from '../../../lib/payment-preferences';

/**
 * The billing address kept from the member's last card payment, which the next one is prefilled
 * with: edited or removed here (issue 13, one-tap payments).
 */
export function BillingAddressCard() {
  const { t } = useTranslation();
  const preferences = usePaymentPreferences();
  const saved = preferences.data?.billingAddress ?? null;
  return (
    <Card title={t('billing.saved.title')} data-testid="saved-billing-address">
      {preferences.isPending ? (
        <LoadingStatus />
      ) : (
        // Keyed by the saved address: the form starts again from what was saved.
        <BillingAddressForm key={JSON.stringify(saved)} saved={saved} />
      )}
    </Card>
  );
}

function BillingAddressForm({ saved }: { saved: BillingAddress | null }) {
  const { t } = useTranslation();
  const save = useSaveBillingAddress();
  const [address, setAddress] = useState<BillingAddress>(saved ?? emptyAddress);
  const [error, setError] = useState<string>();
  const run = (next: BillingAddress | null, done: string) =>
    save.mutate(next, {
      onSuccess: () => toast({ title: done }),
      onError: (failure) =>
        toast({ title: t('billing.saved.failed'), description: errorText(failure), variant: 'destructive' }),
    });
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!isAddressComplete(address)) return setError(t('billing.saved.incomplete'));
    setError(undefined);
    run(address, t('billing.saved.saved'));
  };
  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-3">
      <p className="text-sm text-stone-700">{saved ? t('billing.saved.explain') : t('billing.saved.none')}</p>
      <BillingAddressFields value={address} onChange={setAddress} />
      {error && (
        <p role="alert" className="text-sm text-red-800">
          {error}
        </p>
      )}
      <div className="flex flex-wrap gap-2">
        <Button type="submit" busy={save.isPending}>
          {t('common.save')}
        </Button>
        {saved && (
          <Button
            type="button"
            variant="secondary"
            busy={save.isPending}
            onClick={() => run(null, t('billing.saved.removed'))}
          >
            {t('billing.saved.remove')}
          </Button>
        )}
      </div>
    </form>
  );
}
