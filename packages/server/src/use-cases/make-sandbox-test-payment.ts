import type { UserRow } from '../db/user.repository';
import type { Deps } from '../deps';
import { AppError } from '../errors';

export const SANDBOX_TEST_PAYMENT_CENTS = 1000;

/**
 * The €10 PayPal sandbox test payment of the account settings (SPEC §2, §9): an order created
 * and captured at the provider's sandbox, so a member sees the PayPal path work. It moves no
 * platform money, so it books nothing; the caller's key makes a repeat answer the first result.
 */
export async function makeSandboxTestPayment(deps: Deps, user: UserRow, idempotencyKey: string) {
  if (!user.emailVerifiedAt) throw new AppError('EMAIL_VERIFICATION_REQUIRED');
  if (!user.paypalEmail) throw new AppError('PAYPAL_EMAIL_REQUIRED');
  const result = await deps.payments.charge({
    idempotencyKey: `sandbox-test:${user.id}:${idempotencyKey}`,
    amountCents: SANDBOX_TEST_PAYMENT_CENTS,
    method: 'paypal',
    paymentMethodId: null,
    capture: true,
    returnUrl: null,
  });
  if (!result.ok) throw new AppError('PAYMENT_FAILED');
  return { ok: true as const, reference: result.ref, amountCents: SANDBOX_TEST_PAYMENT_CENTS };
}
