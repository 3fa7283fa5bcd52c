import type { PaymentProvider } from '../../src/payments/payment-provider';
import { aroundMoneyCalls, type MoneyCallKind } from './provider-wrapper';

/** One call that reached the provider, with what the provider answered (even if the answer was then lost). */
export interface MoneyCall {
  kind: MoneyCallKind;
  idempotencyKey: string;
  amountCents: number;
  /** The charge a capture or refund acts on (the provider's reference). */
  ref?: string;
  ok: boolean;
}

/**
 * The provider's own book of what it was asked and what it did, in order: the fault-injection
 * run wraps the sandbox in it, inside the flaky network, so a call whose answer is lost on the
 * way back is still written down. A repeated idempotency key is a repeated call, not a second
 * movement of money: the provider answers it with its first result.
 */
export function recordingProvider(inner: PaymentProvider): { provider: PaymentProvider; calls: MoneyCall[] } {
  const calls: MoneyCall[] = [];
  const provider = aroundMoneyCalls(inner, async (kind, input, call) => {
    const result = await call();
    const { idempotencyKey, amountCents, ref } = input;
    calls.push({ kind, idempotencyKey, amountCents, ...(ref ? { ref } : {}), ok: result.ok });
    return result;
  });
  return { provider, calls };
}
