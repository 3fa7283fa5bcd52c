/**
 * The payment port (architecture.md, Payments). Every call carries the payment operation's id
 * as its idempotency key: the provider answers a repeated key with the first result, so a
 * retry after a crash moves nothing twice. Adapters: sandbox (default, in-process), and the
 * card and PayPal providers with their own issue.
 */
export type PaymentResult = { ok: true; ref: string } | { ok: false; reason: string };

export interface PaymentProvider {
  readonly name: string;
  /** Holds a card payment (captured later) or captures a PayPal payment now. */
  charge(input: {
    idempotencyKey: string;
    amountCents: number;
    method: 'card' | 'paypal';
    paymentMethodId: string | null;
    capture: boolean;
  }): Promise<PaymentResult>;
  capture(input: { idempotencyKey: string; ref: string; amountCents: number }): Promise<PaymentResult>;
  /** Gives back captured money, or releases a hold. */
  refund(input: { idempotencyKey: string; ref: string; amountCents: number }): Promise<PaymentResult>;
  payout(input: { idempotencyKey: string; userId: string; amountCents: number }): Promise<PaymentResult>;
}
