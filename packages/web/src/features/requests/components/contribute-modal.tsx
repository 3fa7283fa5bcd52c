import { type RequestContributeBody, type RequestSummary, requestLimits } from '@giro/contract/requests';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  BillingAddressFields,
  emptyAddress,
  isAddressComplete,
} from '../../../components/ui/billing-address-fields';
import { Button } from '../../../components/ui/button';
import { Field } from '../../../components/ui/field';
import { Modal } from '../../../components/ui/modal';
import { euro } from '../../../lib/format';
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
  const [method, setMethod] = useState<Method>('paypal');
  const [cardId, setCardId] = useState('pm_card_visa');
  const [address, setAddress] = useState(emptyAddress);
  const [errors, setErrors] = useState<ReturnType<typeof validateContribution>['errors']>({});
  const text = (field: string) => (errors[field] ? t(errors[field].key, errors[field].values) : undefined);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const checked = validateContribution(amount, message, remainingCents, euro);
    if (method === 'card' && (!isAddressComplete(address) || cardId.trim() === '')) {
      checked.errors.billing = { key: 'requests.contribute.billingIncomplete' };
    }
    setErrors(checked.errors);
    if (Object.keys(checked.errors).length > 0) return;
    const body: RequestContributeBody = {
      amountCents: checked.amountCents!,
      method,
      ...(message.trim() ? { message: message.trim() } : {}),
      ...(method === 'card' ? { paymentMethodId: cardId.trim(), billingAddress: address } : {}),
    };
    contribute.mutate(
      { body, key: newIdempotencyKey() },
      {
        onSuccess: () => {
          setAmount('');
          setMessage('');
          onOpenChange(false);
        },
      },
    );
  };

  return (
    <Modal
      open={open}
      onOpenChange={onOpenChange}
      title={t('requests.contribute.title')}
      testId="request-contribute"
    >
      <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
        <p className="text-sm text-stone-700">
          {t('requests.contribute.remaining', { amount: euro(remainingCents) })}
        </p>
        <Field
          label={t('requests.contribute.amount')}
          placeholder="10.00"
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
        <fieldset className="flex flex-col gap-2">
          <legend className="mb-1 text-sm font-semibold">{t('requests.contribute.method')}</legend>
          {methods.map((option) => (
            <label
              key={option}
              className="flex min-h-11 cursor-pointer items-center gap-3 rounded-lg px-3 ring-1 ring-stone-200 has-checked:bg-teal-50 has-checked:ring-teal-600"
            >
              <input
                type="radio"
                name="request-method"
                checked={method === option}
                onChange={() => setMethod(option)}
                className="size-4 accent-teal-700"
              />
              <span>
                <span className="block text-sm font-medium">
                  {t(`requests.contribute.methods.${option}`)}
                </span>
                <span className="block text-xs text-stone-600">
                  {t(`requests.contribute.methodHints.${option}`)}
                </span>
              </span>
            </label>
          ))}
        </fieldset>
        {method === 'card' && (
          <>
            <Field
              label={t('requests.contribute.cardId')}
              hint={t('requests.contribute.cardIdHint')}
              value={cardId}
              onChange={(e) => setCardId(e.target.value)}
            />
            <BillingAddressFields value={address} onChange={setAddress} />
          </>
        )}
        {errors.billing && (
          <p role="alert" className="text-sm text-red-800">
            {text('billing')}
          </p>
        )}
        <Button type="submit" disabled={contribute.isPending}>
          {t('requests.contribute.submit')}
        </Button>
      </form>
    </Modal>
  );
}
