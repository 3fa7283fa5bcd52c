import { lazy, Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCardElementsKey } from '../../lib/card-elements-key';
import {
  type BillingAddress,
  BillingAddressFields,
  emptyAddress,
  isAddressComplete,
} from './billing-address-fields';
import { Field } from './field';
import type { CardSource } from './stripe-card-element';

const StripeCardElement = lazy(() => import('./stripe-card-element'));

/**
 * How a contribution is paid, as the fund's and the requests' contribution modals both ask it:
 * the method, and for a card a complete billing address (SPEC §5) and the card itself: in the
 * sandbox a test payment method id, with live payments the card provider's own element, from
 * which only a PaymentMethod id comes back (card details never reach our server).
 */
export function usePaymentMethod<M extends string>(
  initial: M,
  /** How the member last paid (their saved preferences): prefilled once they arrive. */
  saved?: { methods: readonly M[]; lastMethod: string | null; billingAddress: BillingAddress | null },
) {
  const elementsKey = useCardElementsKey();
  const [method, setMethod] = useState<M>(initial);
  const [cardId, setCardId] = useState('pm_card_visa');
  const [address, setAddress] = useState<BillingAddress>(emptyAddress);
  // The last method preselected and the saved address filled in, once, before any choice of theirs.
  const prefilled = useRef(false);
  useEffect(() => {
    if (!saved || prefilled.current) return;
    prefilled.current = true;
    const last = saved.methods.find((option) => option === saved.lastMethod);
    if (last) setMethod(last);
    if (saved.billingAddress) setAddress(saved.billingAddress);
  }, [saved]);
  const choose = useCallback((next: M) => {
    prefilled.current = true;
    setMethod(next);
  }, []);
  const [source, setSourceState] = useState<CardSource | null>(null);
  const [cardComplete, setCardComplete] = useState(false);
  // A stable setter: the element reports its source from an effect.
  const setSource = useCallback((next: CardSource | null) => setSourceState(() => next), []);
  const isCard = method === 'card';
  const cardEntered = elementsKey ? cardComplete && source !== null : cardId.trim() !== '';
  return {
    method,
    setMethod: choose,
    cardId,
    setCardId,
    address,
    setAddress,
    elementsKey,
    setSource,
    setCardComplete,
    /** A card not fully entered, or without a complete billing address: "billing address incomplete". */
    cardIncomplete: isCard && (!isAddressComplete(address) || !cardEntered),
    /** What a card adds to the contribution's body (the provider makes the id in live mode). */
    async cardFields(): Promise<{ paymentMethodId?: string; billingAddress?: BillingAddress }> {
      if (!isCard) return {};
      const paymentMethodId =
        elementsKey && source ? await source.createPaymentMethod(address) : cardId.trim();
      return { paymentMethodId, billingAddress: address };
    },
  };
}

export type PaymentMethodState<M extends string> = ReturnType<typeof usePaymentMethod<M>>;

/**
 * The method radios (each with its hint) and, for a card, the card (a test id, or the provider's
 * element) and the billing address. `texts` is the i18n prefix holding `method`, `methods.*`,
 * `methodHints.*`, `cardId`, `cardIdHint` and `card`.
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
          {payment.elementsKey ? (
            <div className="flex flex-col gap-1">
              <span className="text-sm font-medium text-stone-800">{t('payments.card.label')}</span>
              <Suspense fallback={<p role="status">{t('common.loading')}</p>}>
                <StripeCardElement
                  publishableKey={payment.elementsKey}
                  onSource={payment.setSource}
                  onComplete={payment.setCardComplete}
                />
              </Suspense>
              <span className="text-xs text-stone-600">{t('payments.card.hint')}</span>
            </div>
          ) : (
            <Field
              label={t(`${texts}.cardId`)}
              hint={t(`${texts}.cardIdHint`)}
              value={payment.cardId}
              onChange={(event) => payment.setCardId(event.target.value)}
              required
            />
          )}
          <BillingAddressFields value={payment.address} onChange={payment.setAddress} />
        </>
      )}
    </>
  );
}
