import type { PaymentProvider, PaymentResult } from '../../src/payments/payment-provider';

/**
 * The outside world at its worst, for the fault-injection run: before a call the network may
 * fail (nothing happened), or after it (it happened, the answer was lost). The wrapped provider
 * honours idempotency keys, so a retry finds what happened.
 */
export class FlakyProvider implements PaymentProvider {
  readonly name: string;
  faults = { before: 0, after: 0 };

  constructor(
    private readonly inner: PaymentProvider,
    private readonly random: () => number,
    private readonly rate = { before: 0.2, after: 0.1 },
  ) {
    this.name = inner.name;
  }

  private async flaky(call: () => Promise<PaymentResult>): Promise<PaymentResult> {
    if (this.random() < this.rate.before) {
      this.faults.before++;
      throw new Error('network down before the call');
    }
    const result = await call();
    if (this.random() < this.rate.after) {
      this.faults.after++;
      throw new Error('answer lost after the call');
    }
    return result;
  }

  charge = (input: Parameters<PaymentProvider['charge']>[0]) => this.flaky(() => this.inner.charge(input));
  capture = (input: Parameters<PaymentProvider['capture']>[0]) => this.flaky(() => this.inner.capture(input));
  refund = (input: Parameters<PaymentProvider['refund']>[0]) => this.flaky(() => this.inner.refund(input));
  payout = (input: Parameters<PaymentProvider['payout']>[0]) => this.flaky(() => this.inner.payout(input));
  createAccount = (input: Parameters<PaymentProvider['createAccount']>[0]) => this.inner.createAccount(input);
  onboardingLink = (input: Parameters<PaymentProvider['onboardingLink']>[0]) =>
    this.inner.onboardingLink(input);
  accountStatus = (accountId: string) => this.inner.accountStatus(accountId);
  deleteAccount = (accountId: string) => this.inner.deleteAccount(accountId);
}

/** A small seeded generator (mulberry32): the same seed replays the same run. */
export function seeded(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let x = Math.imul(a ^ (a >>> 15), 1 | a);
    x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x;
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  };
}
