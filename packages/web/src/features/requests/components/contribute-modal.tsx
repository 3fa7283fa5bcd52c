import type { RequestContributeBody, RequestSummary } from '@giro/contract/requests';
import { requestLimits } from '@giro/domain/requests/request-limits';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { Field } from '../../../components/ui/field';
import { Modal } from '../../../components/ui/modal';
import { PaymentMethodFields, usePaymentMethod } from '../../../components/ui/payment-method-fields';
import { amountInput } from '../../../lib/amount-input';
import { errorText } from '../../../lib/api-client';
import { euro } from '../../../lib/format';
import { usePaymentPreferences } from '../../../lib/payment-preferences';
import { useFocusFirstInvalid } from '../../../lib/use-focus-first-invalid';
import { newIdempotencyKey, useContributeToRequest } from '../api/request-actions';
import { validateContribution } from '../api/request-form';

type Method = RequestContributeBody['method'];
const methods: Method[] = ['paypal', 'card'];

/**
 * Contribute to the active request: any amount from €1.00 up to what remains, an optional
 * message, PayPal or a card (a test card id in the sandbox, and a complete billing address).
 */
export function ContributeModal({
  request,
  open,
  onOpenChange,
}: {
  request: RequestSummary;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const { t } = useTranslation();
  const contribute = useContributeToRequest(request.id);
  const remainingCents = request.targetAmountCents - request.currentAmountCents;
  const [amount, setAmount] = useState('');
  const [message, setMessage] = useState('');
  const preferences = usePaymentPreferences(open);
  const payment = usePaymentMethod<Method>('paypal', preferences.data && { methods, ...preferences.data });
  const [errors, setErrors] = useState<ReturnType<typeof validateContribution>['errors']>({});
  const formRef = useFocusFirstInvalid(errors);
  // The server's refusal, said here too: a tall dialog covers the toast on a phone.
  const [failure, setFailure] = useState<string>();
  const text = (field: string) => (errors[field] ? t(errors[field].key, errors[field].values) : undefined);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const checked = validateContribution(amount, message, remainingCents, euro);
    if (payment.cardIncomplete) checked.errors.billing = { key: 'requests.contribute.billingIncomplete' };
    setErrors(checked.errors);
    setFailure(undefined);
    if (Object.keys(checked.errors).length > 0) return;
    let card: Awaited<ReturnType<typeof payment.cardFields>>;
    try {
      card = await payment.cardFields();
    } catch (refused) {
      return setErrors({
        billing: { key: 'requests.contribute.cardRefused', values: { reason: (refused as Error).message } },
      });
    }
    const body: RequestContributeBody = {
      amountCents: checked.amountCents!,
      method: payment.method,
      ...(message.trim() ? { message: message.trim() } : {}),
      ...card,
    };
    contribute.mutate(
      { body, key: newIdempotencyKey() },
      {
        onSuccess: () => {
          setAmount('');
          setMessage('');
          onOpenChange(false);
        },
        onError: (error) => setFailure(errorText(error)),
      },
    );
  };

  return (
    <Modal
      open={open}
      onOpenChange={(next) => {
        if (!next) setFailure(undefined);
        onOpenChange(next);
      }}
      title={t('requests.contribute.title')}
      testId="request-contribute"
    >
      <form ref={formRef} onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
        <p className="text-sm text-stone-700">
          {t('requests.contribute.remaining', { amount: euro(remainingCents) })}
        </p>
        <Field
          label={t('requests.contribute.amount')}
          placeholder={amountInput(1_000)}
          inputMode="decimal"
          value={amount}
          onChange={(e) => setAmount(e.target.value)}
          error={text('amount')}
        />
        <Field
          label={t('requests.contribute.message')}
          hint={t('requests.contribute.messageHint', { max: requestLimits.messageMax })}
          value={message}
          onChange={(e) => setMessage(e.target.value)}
          error={text('message')}
        />
        <PaymentMethodFields
          payment={payment}
          methods={methods}
          texts="requests.contribute"
          name="request-method"
        />
        {errors.billing && (
          <p role="alert" className="text-sm text-red-800">
            {text('billing')}
          </p>
        )}
        {failure && !errors.billing && (
          <p role="alert" className="text-sm text-red-800">
            {failure}
          </p>
        )}
        <Button type="submit" busy={contribute.isPending}>
          {t('requests.contribute.submit')}
        </Button>
      </form>
    </Modal>
  );
}
