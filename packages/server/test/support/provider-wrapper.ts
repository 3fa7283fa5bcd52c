import type { PaymentProvider, PaymentResult } from '../../src/payments/payment-provider';

export type MoneyCallKind = 'charge' | 'capture' | 'refund' | 'payout';
const MONEY_CALLS: readonly string[] = ['charge', 'capture', 'refund', 'payout'];

/** What every call that moves money carries. */
export interface MoneyInput {
  idempotencyKey: string;
  amountCents: number;
  /** A capture's or refund's charge, by the provider's reference. */
  ref?: string;
}

/**
 * The provider with its calls that move money passed through `around`; every other call (the
 * accounts, and whatever the port grows) goes straight to it, so a test wrapper never falls
 * behind the port.
 */
export function aroundMoneyCalls(
  inner: PaymentProvider,
  around: (
    kind: MoneyCallKind,
    input: MoneyInput,
    call: () => Promise<PaymentResult>,
  ) => Promise<PaymentResult>,
): PaymentProvider {
  return new Proxy(inner, {
    get(target, property, receiver) {
      const value: unknown = Reflect.get(target, property, receiver);
      if (typeof value !== 'function') return value;
      const method = value as (input: unknown) => Promise<PaymentResult>;
      if (typeof property === 'string' && MONEY_CALLS.includes(property))
        return (input: MoneyInput) =>
          around(property as MoneyCallKind, input, () => method.call(target, input));
      return method.bind(target);
    },
  });
}
