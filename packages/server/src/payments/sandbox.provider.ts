import { createHash } from 'node:crypto';
import type { PaymentProvider, PaymentResult } from './payment-provider';

/** Stripe's test payment method ids that the sandbox declines (the others succeed). */
const DECLINED = new Set([
  'pm_card_chargeDeclined',
  'pm_card_visa_chargeDeclined',
  'pm_card_insufficientFunds',
]);

/**
 * The in-process sandbox provider: deterministic, honours idempotency keys (a repeated key
 * gets the first answer), declines Stripe's decline test cards, and pays out to payout
 * accounts whose id says `fail` so the failure path can be exercised. `calls` records what
 * was asked, for tests that check what we sent.
 */
export class SandboxProvider implements PaymentProvider {
  readonly name = 'sandbox';
  readonly calls: { op: string; idempotencyKey: string; amountCents: number }[] = [];
  private readonly answers = new Map<string, PaymentResult>();
  failingPayouts = new Set<string>();

  private once(
    op: string,
    key: string,
    amountCents: number,
    run: () => PaymentResult,
  ): Promise<PaymentResult> {
    const known = this.answers.get(`${op}:${key}`);
    if (known) return Promise.resolve(known);
    this.calls.push({ op, idempotencyKey: key, amountCents });
    const result = run();
    this.answers.set(`${op}:${key}`, result);
    return Promise.resolve(result);
  }

  private ref(prefix: string, key: string): string {
    return `${prefix}_${createHash('sha256').update(key).digest('hex').slice(0, 24)}`;
  }

  charge(input: Parameters<PaymentProvider['charge']>[0]) {
    return this.once('charge', input.idempotencyKey, input.amountCents, () =>
      input.paymentMethodId && DECLINED.has(input.paymentMethodId)
        ? { ok: false, reason: 'card_declined' }
        : { ok: true, ref: this.ref(input.method === 'card' ? 'pi' : 'order', input.idempotencyKey) },
    );
  }

  capture(input: Parameters<PaymentProvider['capture']>[0]) {
    return this.once('capture', input.idempotencyKey, input.amountCents, () => ({
      ok: true,
      ref: input.ref,
    }));
  }

  refund(input: Parameters<PaymentProvider['refund']>[0]) {
    return this.once('refund', input.idempotencyKey, input.amountCents, () => ({
      ok: true,
      ref: this.ref('re', input.idempotencyKey),
    }));
  }

  payout(input: Parameters<PaymentProvider['payout']>[0]) {
    return this.once('payout', input.idempotencyKey, input.amountCents, () =>
      this.failingPayouts.has(input.userId)
        ? { ok: false, reason: 'payout_failed' }
        : { ok: true, ref: this.ref('tr', input.idempotencyKey) },
    );
  }
}
