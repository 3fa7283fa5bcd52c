import type { DebtView, SettleDebtBody } from '@giro/contract/debts';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { Modal } from '../../../components/ui/modal';
import { PaymentMethodFields, usePaymentMethod } from '../../../components/ui/payment-method-fields';
import { errorText } from '../../../lib/api-client';
import { euro } from '../../../lib/format';
import { usePaymentPreferences } from '../../../lib/payment-preferences';
import { uuid } from '../../../lib/uuid';
import { useDebtAction } from '../api/debts';

type Method = 'card' | 'paypal';
const methods: Method[] = ['card', 'paypal'];

/**
 * Repaying a member through the platform (card or PayPal): the whole amount reaches them, with
 * no fee. One Idempotency-Key per opening of the modal: a retry of the same payment is the same.
 */
export function RepayModal({
  debt,
  creditorName,
  open,
  onOpenChange,
}: {
  debt: DebtView;
  creditorName: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const { t } = useTranslation();
  const action = useDebtAction();
  // How the member last paid, and the billing address a card needs, filled in as for a contribution.
  const preferences = usePaymentPreferences(open);
  const payment = usePaymentMethod<Method>('card', preferences.data && { methods, ...preferences.data });
  const [key] = useState(uuid);
  const [error, setError] = useState<string>();
  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (payment.cardIncomplete) return setError(t('debts.pay.billingIncomplete'));
    setError(undefined);
    let card: Awaited<ReturnType<typeof payment.cardFields>>;
    try {
      card = await payment.cardFields();
    } catch (refused) {
      return setError((refused as Error).message);
    }
    const body: SettleDebtBody = { method: payment.method, ...card };
    action.mutate(
      { id: debt.id, step: 'pay', key, body },
      {
        onSuccess: () => onOpenChange(false),
        // Said here too: the dialog covers the toast on a phone (a creditor who cannot receive yet).
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
      title={t('debts.pay.title', { name: creditorName })}
      testId="repay-modal"
    >
      <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
        <p className="text-sm text-stone-700">
          {t('debts.pay.explain', { name: creditorName, amount: euro(debt.amountCents) })}
        </p>
        <PaymentMethodFields payment={payment} methods={methods} texts="debts.pay" name="method" />
        {error && (
          <p role="alert" className="text-sm text-red-800">
            {error}
          </p>
        )}
        <Button type="submit" busy={action.isPending}>
          {t('debts.pay.submit', { amount: euro(debt.amountCents) })}
        </Button>
      </form>
    </Modal>
  );
}
