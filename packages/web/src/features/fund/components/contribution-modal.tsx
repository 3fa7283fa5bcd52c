import type { ContributeBody } from '@giro/contract/fund';
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
  open,
  onOpenChange,
}: {
  fundId: string;
  amountCents: number;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const { t } = useTranslation();
  const contribute = useFundAction('contribute');
  const [method, setMethod] = useState<Method>('manual');
  const [cardId, setCardId] = useState('pm_card_visa');
  const [address, setAddress] = useState(emptyAddress);
  const [error, setError] = useState<string>();
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (method === 'card' && (!isAddressComplete(address) || cardId.trim() === '')) {
      return setError(t('fund.contribute.billingIncomplete'));
    }
    setError(undefined);
    const body: ContributeBody =
      method === 'card' ? { method, paymentMethodId: cardId.trim(), billingAddress: address } : { method };
    contribute.run({ fundId, body }, { onSuccess: () => onOpenChange(false) });
  };
  return (
    <Modal
      open={open}
      onOpenChange={onOpenChange}
      title={t('fund.contribute.title')}
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
        <fieldset className="flex flex-col gap-2">
          <legend className="mb-1 text-sm font-semibold">{t('fund.contribute.method')}</legend>
          {methods.map((option) => (
            <label
              key={option}
              className="flex min-h-11 cursor-pointer items-center gap-3 rounded-lg px-3 ring-1 ring-stone-200 has-checked:bg-teal-50 has-checked:ring-teal-600 has-focus-visible:outline-3 has-focus-visible:outline-teal-600"
            >
              <input
                type="radio"
                name="method"
                checked={method === option}
                onChange={() => setMethod(option)}
                className="size-4 accent-teal-700"
              />
              <span>
                <span className="block text-sm font-medium">{t(`fund.contribute.methods.${option}`)}</span>
                <span className="block text-xs text-stone-600">
                  {t(`fund.contribute.methodHints.${option}`)}
                </span>
              </span>
            </label>
          ))}
        </fieldset>
        {method === 'card' && (
          <>
            <Field
              label={t('fund.contribute.cardId')}
              hint={t('fund.contribute.cardIdHint')}
              value={cardId}
              onChange={(e) => setCardId(e.target.value)}
              required
            />
            <BillingAddressFields value={address} onChange={setAddress} />
          </>
        )}
        {error && (
          <p role="alert" className="text-sm text-red-800">
            {error}
          </p>
        )}
        <Button type="submit" disabled={contribute.isPending}>
          {t('fund.contribute.submit', { amount: euro(amountCents) })}
        </Button>
      </form>
    </Modal>
  );
}
