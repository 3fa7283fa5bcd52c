import Stripe from 'stripe';
import type {
  AccountStatus,
  ChargeState,
  PaymentFailure,
  PaymentProvider,
  PaymentResult,
} from './payment-provider';

/** Stripe's decline codes that the catalogue tells apart; every other refusal is a plain decline. */
function failureOf(error: unknown): PaymentResult {
  if (error instanceof Stripe.errors.StripeCardError) {
    const code = (error as { decline_code?: string }).decline_code ?? error.code;
    const reason: PaymentFailure = code === 'insufficient_funds' ? 'insufficient_funds' : 'card_declined';
    return { ok: false, reason };
  }
  if (error instanceof Stripe.errors.StripeInvalidRequestError)
    return { ok: false, reason: 'provider_error' };
  // Network and server errors are not answers: let the outbox retry with the same idempotency key.
  throw error;
}

/** Stripe's answer for an id it does not know (a 404); every other error is not an answer about the id. */
function isMissing(error: unknown): boolean {
  return error instanceof Stripe.errors.StripeInvalidRequestError && error.code === 'resource_missing';
}

/** Stripe's answer to an action the object's state does not allow (a capture of a captured intent). */
function isUnexpectedState(error: unknown): boolean {
  return (
    error instanceof Stripe.errors.StripeInvalidRequestError &&
    error.code === 'payment_intent_unexpected_state'
  );
}

/** The statuses in which Stripe answers about the request itself (bad, declined, forbidden, unknown). */
const REFUSALS = [400, 402, 403, 404];

/** The states in which Stripe cancels a PaymentIntent (nothing captured yet). */
const CANCELABLE: Stripe.PaymentIntent.Status[] = [
  'requires_payment_method',
  'requires_confirmation',
  'requires_action',
  'processing',
  'requires_capture',
];

/** A PaymentIntent's state as our result: held or paid, waiting for the payer, or refused. */
function resultOf(intent: Stripe.PaymentIntent): PaymentResult {
  if (intent.status === 'requires_capture' || intent.status === 'succeeded')
    return { ok: true, ref: intent.id };
  if (intent.status === 'requires_action' || intent.status === 'processing')
    return { ok: false, reason: 'authentication_required', awaitingPayer: intent.id };
  // requires_payment_method after a failed authentication, or cancelled.
  return { ok: false, reason: intent.last_payment_error ? 'authentication_required' : 'card_declined' };
}

/**
 * The card provider through the official `stripe` SDK (PAYMENTS=live): contributions are
 * PaymentIntents with manual capture (held when made, captured at distribution, cancelled when
 * refunded before capture); payouts are transfers to the recipient's Connect account; accounts
 * are Express accounts onboarded through account links. Every call that moves money carries
 * our operation's id as Stripe's idempotency key. PayPal charges are not its business.
 */
export class StripeProvider implements PaymentProvider {
  readonly name = 'stripe';
  private readonly stripe: Stripe;

  constructor(options: {
    secretKey: string;
    apiBase?: string | undefined;
    timeoutMs?: number;
  }) {
    const base = options.apiBase ? new URL(options.apiBase) : undefined;
    this.stripe = new Stripe(options.secretKey, {
      maxNetworkRetries: 0, // the outbox retries, with the same idempotency key
      telemetry: false,
      timeout: options.timeoutMs ?? 20_000,
      ...(base
        ? {
            host: base.hostname,
            port: Number(base.port),
            protocol: base.protocol.replace(':', '') as 'http' | 'https',
          }
        : {}),
    });
  }

  async charge(input: Parameters<PaymentProvider['charge']>[0]): Promise<PaymentResult> {
    if (input.method !== 'card' || !input.paymentMethodId || !input.returnUrl)
      return { ok: false, reason: 'provider_error' };
    try {
      const intent = await this.stripe.paymentIntents.create(
        {
          amount: input.amountCents,
          currency: 'eur',
          payment_method: input.paymentMethodId,
          // Cards only. A card that asks for 3-D Secure sends the payer to the bank's page,
          // then back to the dashboard; the charge waits for them (chargeStatus).
          allowed_payment_method_types: ['card'],
          confirm: true,
          return_url: input.returnUrl,
          capture_method: input.capture ? 'automatic' : 'manual',
        },
        { idempotencyKey: input.idempotencyKey },
      );
      return resultOf(intent);
    } catch (error) {
      return failureOf(error);
    }
  }

  async chargeStatus(ref: string): Promise<PaymentResult> {
    try {
      return resultOf(await this.stripe.paymentIntents.retrieve(ref));
    } catch (error) {
      return failureOf(error);
    }
  }

  async confirmationLink(input: { ref: string; returnUrl: string }): Promise<{ url: string } | null> {
    const intent = await this.stripe.paymentIntents.retrieve(input.ref);
    const url = intent.status === 'requires_action' ? intent.next_action?.redirect_to_url?.url : undefined;
    return url ? { url } : null;
  }

  async capture(input: Parameters<PaymentProvider['capture']>[0]): Promise<PaymentResult> {
    try {
      const intent = await this.stripe.paymentIntents.capture(
        input.ref,
        { amount_to_capture: input.amountCents },
        { idempotencyKey: input.idempotencyKey },
      );
      return intent.status === 'succeeded'
        ? { ok: true, ref: intent.id }
        : { ok: false, reason: 'provider_error' };
    } catch (error) {
      // Captured before, under a key Stripe no longer knows (it keeps keys a day): a payout
      // retried after that finds the capture done, rather than failing at it on every retry.
      if (isUnexpectedState(error)) {
        const state = await this.chargeState({ ref: input.ref, method: 'card' });
        if (state?.capturedCents === input.amountCents && state.refundedCents === 0)
          return { ok: true, ref: input.ref };
      }
      return failureOf(error);
    }
  }

  /** Before capture a hold is cancelled; after it, the money is refunded. */
  async refund(input: Parameters<PaymentProvider['refund']>[0]): Promise<PaymentResult> {
    try {
      const intent = await this.stripe.paymentIntents.retrieve(input.ref);
      if (intent.status === 'canceled') return { ok: true, ref: intent.id };
      // Not captured: a hold, or a charge still waiting for its payer's bank. Cancelled, so a
      // payer who confirms late holds nothing; only captured money is refunded.
      if (CANCELABLE.includes(intent.status)) {
        await this.stripe.paymentIntents.cancel(input.ref, {}, { idempotencyKey: input.idempotencyKey });
        return { ok: true, ref: intent.id };
      }
      const refund = await this.stripe.refunds.create(
        { payment_intent: input.ref, amount: input.amountCents },
        { idempotencyKey: input.idempotencyKey },
      );
      return { ok: true, ref: refund.id };
    } catch (error) {
      return failureOf(error);
    }
  }

  async payout(input: Parameters<PaymentProvider['payout']>[0]): Promise<PaymentResult> {
    if (input.destination.type !== 'account') return { ok: false, reason: 'payout_failed' };
    try {
      const transfer = await this.stripe.transfers.create(
        { amount: input.amountCents, currency: 'eur', destination: input.destination.accountId },
        { idempotencyKey: input.idempotencyKey },
      );
      return { ok: true, ref: transfer.id };
    } catch (error) {
      // Only an answer about the transfer refuses it (the destination cannot receive, our balance
      // is short). A 409 (another request with this key still in progress: an instance whose
      // lease ran out while it waited here) or a 429 says nothing about it: recorded as failed,
      // the owner's retry would be a new attempt with a new key, and both could pay. Thrown, the
      // outbox asks again with the same key. A 400 `idempotency_error` (the key used before with
      // other parameters) says nothing about it either: the first use may have paid.
      if (error instanceof Stripe.errors.StripeIdempotencyError) throw error;
      if (error instanceof Stripe.errors.StripeError && REFUSALS.includes(error.statusCode ?? 0))
        return { ok: false, reason: 'payout_failed' };
      throw error;
    }
  }

  async createAccount(input: Parameters<PaymentProvider['createAccount']>[0]) {
    const account = await this.stripe.accounts.create(
      {
        type: 'express',
        email: input.email,
        country: 'IT',
        capabilities: { transfers: { requested: true } },
        metadata: { userId: input.userId },
      },
      { idempotencyKey: input.idempotencyKey },
    );
    return { accountId: account.id };
  }

  async onboardingLink(input: Parameters<PaymentProvider['onboardingLink']>[0]) {
    const link = await this.stripe.accountLinks.create({
      account: input.accountId,
      return_url: input.returnUrl,
      refresh_url: input.refreshUrl,
      type: 'account_onboarding',
    });
    return { url: link.url };
  }

  async accountStatus(accountId: string): Promise<AccountStatus | null> {
    try {
      const account = await this.stripe.accounts.retrieve(accountId);
      if (account.requirements?.disabled_reason) return 'restricted';
      if (account.payouts_enabled && account.charges_enabled) return 'active';
      return 'pending';
    } catch (error) {
      if (error instanceof Stripe.errors.StripePermissionError) return null;
      if (isMissing(error)) return null;
      throw error;
    }
  }

  async deleteAccount(accountId: string): Promise<void> {
    await this.stripe.accounts.del(accountId);
  }

  /**
   * Reconciliation: the PaymentIntent with its latest charge. `amount_received` is what Stripe
   * captured (0 for a hold not captured yet, and for a cancelled intent, which never captured);
   * the charge's `amount_refunded` is what went back since. Null when Stripe does not know the id;
   * network and server errors throw (not an answer).
   */
  async chargeState(input: Parameters<PaymentProvider['chargeState']>[0]): Promise<ChargeState | null> {
    let intent: Stripe.PaymentIntent;
    try {
      intent = await this.stripe.paymentIntents.retrieve(input.ref, { expand: ['latest_charge'] });
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
    const charge = intent.latest_charge;
    // Asked expanded: an id alone would leave the refunds unknown, which is not "none".
    if (typeof charge === 'string') throw new Error(`Stripe did not expand the charge of ${intent.id}`);
    return { capturedCents: intent.amount_received, refundedCents: charge?.amount_refunded ?? 0 };
  }

  /** Reconciliation: a transfer's amount less what was reversed; null when Stripe does not know it. */
  async payoutState(ref: string): Promise<{ paidCents: number } | null> {
    try {
      const transfer = await this.stripe.transfers.retrieve(ref);
      return { paidCents: transfer.amount - transfer.amount_reversed };
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  }

  /** Verifies a webhook's signature with the SDK; throws on a wrong or stale one. */
  verifyWebhook(rawBody: Buffer, signature: string, secret: string): Stripe.Event {
    return this.stripe.webhooks.constructEvent(rawBody, signature, secret);
  }
}
