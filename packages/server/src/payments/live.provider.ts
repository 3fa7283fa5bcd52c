import type { PaymentProvider } from './payment-provider';
import type { PayPalProvider } from './paypal.provider';
import type { StripeProvider } from './stripe.provider';

/**
 * PAYMENTS=live: the one port over both providers. Cards, holds, connected accounts and
 * transfers go to the card provider; PayPal payments, their refunds and payouts to a PayPal
 * email go to PayPal (refused when PayPal is not configured).
 */
export class LiveProvider implements PaymentProvider {
  readonly name = 'stripe';
  constructor(
    readonly stripe: StripeProvider,
    private readonly paypal: PayPalProvider | null,
  ) {}

  charge(input: Parameters<PaymentProvider['charge']>[0]) {
    if (input.method === 'card') return this.stripe.charge(input);
    if (!this.paypal) return Promise.resolve({ ok: false as const, reason: 'provider_error' as const });
    return this.paypal.charge({ ...input, orderId: input.paymentMethodId });
  }

  /** Only card charges wait for the payer (3-D Secure). */
  chargeStatus(ref: string) {
    return this.stripe.chargeStatus(ref);
  }
  confirmationLink(input: Parameters<PaymentProvider['confirmationLink']>[0]) {
    return this.stripe.confirmationLink(input);
  }

  capture(input: Parameters<PaymentProvider['capture']>[0]) {
    return this.stripe.capture(input);
  }

  refund(input: Parameters<PaymentProvider['refund']>[0]) {
    if (input.method === 'card') return this.stripe.refund(input);
    if (!this.paypal) return Promise.resolve({ ok: false as const, reason: 'provider_error' as const });
    return this.paypal.refund(input);
  }

  payout(input: Parameters<PaymentProvider['payout']>[0]) {
    const { destination } = input;
    if (destination.type === 'account') return this.stripe.payout(input);
    if (!this.paypal) return Promise.resolve({ ok: false as const, reason: 'payout_failed' as const });
    return this.paypal.payout({
      idempotencyKey: input.idempotencyKey,
      email: destination.email,
      amountCents: input.amountCents,
    });
  }

  createAccount(input: Parameters<PaymentProvider['createAccount']>[0]) {
    return this.stripe.createAccount(input);
  }
  onboardingLink(input: Parameters<PaymentProvider['onboardingLink']>[0]) {
    return this.stripe.onboardingLink(input);
  }
  accountStatus(accountId: string) {
    return this.stripe.accountStatus(accountId);
  }
  deleteAccount(accountId: string) {
    return this.stripe.deleteAccount(accountId);
  }

  /** Each charge is read back where it was made: cards at Stripe, PayPal payments at PayPal. */
  chargeState(input: Parameters<PaymentProvider['chargeState']>[0]) {
    if (input.method === 'card') return this.stripe.chargeState(input);
    if (!this.paypal) return Promise.resolve(null);
    return this.paypal.chargeState(input.ref);
  }

  /**
   * A payout's ref does not say which provider made it, but Stripe's ids carry their object's
   * prefix (https://docs.stripe.com/api/transfers/object: "tr_…"), and PayPal's batch ids never
   * do: a transfer is read at Stripe, anything else is a PayPal payout batch (unknown, null, when
   * PayPal is not configured).
   */
  payoutState(ref: string) {
    if (ref.startsWith('tr_')) return this.stripe.payoutState(ref);
    if (!this.paypal) return Promise.resolve(null);
    return this.paypal.payoutState(ref);
  }
}
