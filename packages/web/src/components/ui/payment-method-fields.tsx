import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  type BillingAddress,
  BillingAddressFields,
  emptyAddress,
  isAddressComplete,
} from './billing-address-fields';
import { Field } from './field';

/**
 * How a contribution is paid, as the fund's and the requests' contribution modals both ask it:
 * the method, and for a card its payment method id (a test card id in the sandbox) and a
 * complete billing address (SPEC §5).
 */
export function usePaymentMethod<M extends string>(initial: M) {
  const [method, setMethod] = useState<M>(initial);
  const [cardId, setCardId] = useState('pm_card_visa');
  const [address, setAddress] = useState<BillingAddress>(emptyAddress);
  const isCard = method === 'card';
  return {
    method,
    setMethod,
    cardId,
    setCardId,
    address,
    setAddress,
    /** A card without its id or a complete billing address: "billing address incomplete". */
    cardIncomplete: isCard && (!isAddressComplete(address) || cardId.trim() === ''),
    /** What a card adds to the contribution's body. */
    cardFields: isCard ? { paymentMethodId: cardId.trim(), billingAddress: address } : {},
  };
}

export type PaymentMethodState<M extends string> = ReturnType<typeof usePaymentMethod<M>>;

/**
 * The method radios (each with its hint) and, for a card, the card id and the billing address.
 * `texts` is the i18n prefix holding `method`, `methods.*`, `methodHints.*`, `cardId`, `cardIdHint`.
 */
export function PaymentMethodFields<M extends string>({
  payment,
  methods,
  texts,
  name,
}: {
  payment: PaymentMethodState<M>;
  methods: readonly M[];
  texts: string;
  name: string;
}) {
  const { t } = useTranslation();
  return (
    <>
      <fieldset className="flex flex-col gap-2">
        <legend className="mb-1 text-sm font-semibold">{t(`${texts}.method`)}</legend>
        {methods.map((option) => (
          <label
            key={option}
            className="flex min-h-11 cursor-pointer items-center gap-3 rounded-lg px-3 ring-1 ring-stone-200 has-checked:bg-teal-50 has-checked:ring-teal-600 has-focus-visible:outline-3 has-focus-visible:outline-teal-600"
          >
            <input
              type="radio"
              name={name}
              checked={payment.method === option}
              onChange={() => payment.setMethod(option)}
              className="size-4 accent-teal-700"
            />
            <span>
              <span className="block text-sm font-medium">{t(`${texts}.methods.${option}`)}</span>
              <span className="block text-xs text-stone-600">{t(`${texts}.methodHints.${option}`)}</span>
            </span>
          </label>
        ))}
      </fieldset>
      {payment.method === 'card' && (
        <>
          <Field
            label={t(`${texts}.cardId`)}
            hint={t(`${texts}.cardIdHint`)}
            value={payment.cardId}
            onChange={(event) => payment.setCardId(event.target.value)}
            required
          />
          <BillingAddressFields value={payment.address} onChange={payment.setAddress} />
        </>
      )}
    </>
  );
}
