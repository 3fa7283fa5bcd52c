import { CardElement, Elements, useElements, useStripe } from '@stripe/react-stripe-js';
import { loadStripe, type Stripe } from '@stripe/stripe-js';
import { useEffect } from 'react';
import type { BillingAddress } from './billing-address-fields';

/** Makes the provider's PaymentMethod from what was typed into its element: its id, never the card. */
export interface CardSource {
  createPaymentMethod(address: BillingAddress): Promise<string>;
}

/** The provider refused what was typed (an incomplete or invalid card): its own words. */
export class CardEntryError extends Error {}

const loaded = new Map<string, Promise<Stripe | null>>();
const stripeFor = (key: string) => {
  if (!loaded.has(key)) loaded.set(key, loadStripe(key));
  return loaded.get(key)!;
};

/**
 * Live payments: the card is typed into the card provider's own element (an iframe from its
 * domain), so card numbers never touch our pages' code or our server. Loaded lazily, only
 * when a member chooses to pay by card.
 */
export default function StripeCardElement({
  publishableKey,
  onSource,
  onComplete,
}: {
  publishableKey: string;
  onSource: (source: CardSource | null) => void;
  onComplete: (complete: boolean) => void;
}) {
  return (
    <Elements stripe={stripeFor(publishableKey)}>
      <CardInput onSource={onSource} onComplete={onComplete} />
    </Elements>
  );
}

function CardInput({
  onSource,
  onComplete,
}: {
  onSource: (source: CardSource | null) => void;
  onComplete: (complete: boolean) => void;
}) {
  const stripe = useStripe();
  const elements = useElements();
  useEffect(() => {
    if (!stripe || !elements) return onSource(null);
    onSource({
      async createPaymentMethod(address) {
        const card = elements.getElement(CardElement);
        if (!card) throw new CardEntryError('card element missing');
        const { paymentMethod, error } = await stripe.createPaymentMethod({
          type: 'card',
          card,
          billing_details: {
            address: {
              line1: address.line1,
              city: address.city,
              postal_code: address.postalCode,
              country: address.country,
            },
          },
        });
        if (error || !paymentMethod) throw new CardEntryError(error?.message ?? 'card refused');
        return paymentMethod.id;
      },
    });
    return () => onSource(null);
  }, [stripe, elements, onSource]);
  return (
    <div className="rounded-lg border border-stone-300 bg-white p-3" data-testid="card-element">
      <CardElement options={{ hidePostalCode: true }} onChange={(event) => onComplete(event.complete)} />
    </div>
  );
}
