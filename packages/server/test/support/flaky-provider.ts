import type { PaymentProvider } from '../../src/payments/payment-provider';
import { aroundMoneyCalls } from './provider-wrapper';

/**
 * The outside world at its worst, for the fault-injection run: before a call that moves money
 * the network may fail (nothing happened), or after it (it happened, the answer was lost). The
 * wrapped provider honours idempotency keys, so a retry finds what happened.
 */
export function flakyProvider(
  inner: PaymentProvider,
  random: () => number,
  rate = { before: 0.2, after: 0.1 },
): { provider: PaymentProvider; faults: { before: number; after: number } } {
  const faults = { before: 0, after: 0 };
  const provider = aroundMoneyCalls(inner, async (_kind, _input, call) => {
    if (random() < rate.before) {
      faults.before++;
      throw new Error('network down before the call');
    }
    const result = await call();
    if (random() < rate.after) {
      faults.after++;
      throw new Error('answer lost after the call');
    }
    return result;
  });
  return { provider, faults };
}
