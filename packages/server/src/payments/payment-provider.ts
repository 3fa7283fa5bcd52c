/**
 * The payment port (architecture.md, Payments). Every call that moves money carries the payment
 * operation's id as its idempotency key: the provider answers a repeated key with the first
 * result, so a retry after a crash moves nothing twice. Adapters: the sandbox (default,
 * in-process); the card provider and PayPal behind the same port.
 */
export type PaymentResult =
  | { ok: true; ref: string }
  | {
      ok: false;
      reason: PaymentFailure;
      /**
       * With `authentication_required`: the charge exists at the provider (this is its ref) and
       * waits for the payer to confirm it with their bank (3-D Secure); without, it is refused.
       */
      awaitingPayer?: string;
    };

/** Why the provider refused: each has its message in the contract's catalogue. */
export type PaymentFailure =
  | 'card_declined'
  | 'insufficient_funds'
  | 'authentication_required'
  | 'payout_failed'
  | 'provider_error';

/** A connected account's status at the provider (domain.md, Connected payment account). */
export type AccountStatus = 'pending' | 'active' | 'restricted';

export type PayoutDestination = { type: 'account'; accountId: string } | { type: 'paypal'; email: string };

/**
 * What the provider holds for one charge, read back for reconciliation: what it captured and what
 * it has given back since (a released hold captured nothing).
 */
export interface ChargeState {
  capturedCents: number;
  refundedCents: number;
}

export interface PaymentProvider {
  readonly name: string;
  /** Holds a card payment (captured later) or captures a PayPal payment now. */
  charge(input: {
    idempotencyKey: string;
    amountCents: number;
    method: 'card' | 'paypal';
    paymentMethodId: string | null;
    capture: boolean;
    /**
     * A card's: where the bank's 3-D Secure page sends the payer back. Fixed on the operation
     * when it is made: a call asked again must ask the same (Stripe's idempotency).
     */
    returnUrl: string | null;
  }): Promise<PaymentResult>;
  /** Where a charge that waits for the payer stands now: held, refused, or still waiting. */
  chargeStatus(ref: string): Promise<PaymentResult>;
  /** The provider's page where the payer confirms a waiting charge; null when there is none. */
  confirmationLink(input: { ref: string; returnUrl: string }): Promise<{ url: string } | null>;
  capture(input: { idempotencyKey: string; ref: string; amountCents: number }): Promise<PaymentResult>;
  /** Gives back captured money, or releases a hold; `method` says which provider holds it. */
  refund(input: {
    idempotencyKey: string;
    ref: string;
    amountCents: number;
    method: 'card' | 'paypal';
  }): Promise<PaymentResult>;
  payout(input: {
    idempotencyKey: string;
    destination: PayoutDestination;
    amountCents: number;
  }): Promise<PaymentResult>;

  createAccount(input: {
    idempotencyKey: string;
    userId: string;
    email: string;
  }): Promise<{ accountId: string }>;
  /** Where the member completes (or fixes) the provider's onboarding; it comes back to our pages. */
  onboardingLink(input: {
    accountId: string;
    returnUrl: string;
    refreshUrl: string;
  }): Promise<{ url: string }>;
  /** The provider's truth, or null when the account no longer exists there. */
  accountStatus(accountId: string): Promise<AccountStatus | null>;
  deleteAccount(accountId: string): Promise<void>;

  /** Reconciliation: a charge as the provider sees it now; null when it does not know the ref. */
  chargeState(input: { ref: string; method: 'card' | 'paypal' }): Promise<ChargeState | null>;
  /** Reconciliation: what a payout sent, less what was reversed; null when it does not know the ref. */
  payoutState(ref: string): Promise<{ paidCents: number } | null>;
}
