import type { ContributeBody } from '@giro/contract/fund';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { Modal } from '../../../components/ui/modal';
import { PaymentMethodFields, usePaymentMethod } from '../../../components/ui/payment-method-fields';
import { errorText } from '../../../lib/api-client';
import { euro } from '../../../lib/format';
import { paymentPreferencesKey, usePaymentPreferences } from '../../../lib/payment-preferences';
import { useFundAction } from '../api/fund-actions';

type Method = ContributeBody['method'];
const methods: Method[] = ['manual', 'paypal', 'card'];

/**
 * The contribution modal: the amount is the one the group voted and cannot be changed (SPEC §5);
 * a card needs a payment method (a test card id in the sandbox) and a complete billing address.
 */
export function ContributionModal({
  fundId,
  amountCents,
  onBehalfOf,
  open,
  onOpenChange,
}: {
  fundId: string;
  amountCents: number;
  /** Covering another participant: it counts as theirs, and they will owe it to this member. */
  onBehalfOf?: { id: string; name: string };
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const { t } = useTranslation();
  const contribute = useFundAction('contribute');
  const preferences = usePaymentPreferences(open);
  const payment = usePaymentMethod<Method>('manual', preferences.data && { methods, ...preferences.data });
  const queryClient = useQueryClient();
  const [error, setError] = useState<string>();
  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (payment.cardIncomplete) return setError(t('fund.contribute.billingIncomplete'));
    setError(undefined);
    let card: Awaited<ReturnType<typeof payment.cardFields>>;
    try {
      card = await payment.cardFields();
    } catch (refused) {
      return setError((refused as Error).message);
    }
    const body: ContributeBody = {
      method: payment.method,
      ...card,
      ...(onBehalfOf ? { onBehalfOf: onBehalfOf.id } : {}),
    };
    contribute.run(
      { fundId, body },
      {
        onSuccess: () => {
          onOpenChange(false);
          void queryClient.invalidateQueries({ queryKey: paymentPreferencesKey });
        },
        // Said here too: a tall dialog (a card's address) covers the toast on a phone, and a
        // refusal read nowhere looks like a button that does nothing.
        onError: (failure) => setError(errorText(failure)),
      },
    );
  };
  return (
    <Modal
      open={open}
      onOpenChange={(next) => {
        if (!next) setError(undefined);
        onOpenChange(next);
      }}
      title={onBehalfOf ? t('fund.cover.title', { name: onBehalfOf.name }) : t('fund.contribute.title')}
      testId="contribution-modal"
    >
      <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
        <div className="rounded-xl bg-teal-50 p-3">
          <p className="text-sm text-stone-700">{t('fund.contribute.amount')}</p>
          <output className="text-2xl font-bold" data-testid="contribution-amount">
            {euro(amountCents)}
          </output>
          <p className="text-xs text-stone-600">{t('fund.contribute.fixed')}</p>
        </div>
        {onBehalfOf && (
          <p className="text-sm text-stone-700" data-testid="cover-explain">
            {t('fund.cover.explain', { name: onBehalfOf.name })}
          </p>
        )}
        <PaymentMethodFields payment={payment} methods={methods} texts="fund.contribute" name="method" />
        {error && (
          <p role="alert" className="text-sm text-red-800">
            {error}
          </p>
        )}
        <Button type="submit" busy={contribute.isPending}>
          {/* By hand, the app moves no money: the member says they have paid, the recipient confirms. */}
          {payment.method === 'manual'
            ? t('fund.contribute.submitManual', { amount: euro(amountCents) })
            : t('fund.contribute.submit', { amount: euro(amountCents) })}
        </Button>
      </form>
    </Modal>
  );
}
