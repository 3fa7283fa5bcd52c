import type { PaymentConfirmations } from '@giro/contract/payout-account';
import { and, eq } from 'drizzle-orm';
import { paymentOperations } from '../../db/schema';
import type { Deps } from '../../deps';
import { PAYER_CONFIRMATION_MS } from '../../payments/payment.handler';
import { wakePaymentOperation } from '../../payments/payment-operations';

/** The member's card charges waiting for them to confirm with their bank, with where to do it. */
export async function listPaymentConfirmations(
  deps: Pick<Deps, 'db' | 'payments' | 'config' | 'logger'>,
  userId: string,
): Promise<PaymentConfirmations> {
  const waiting = await deps.db
    .select()
    .from(paymentOperations)
    .where(and(eq(paymentOperations.userId, userId), eq(paymentOperations.status, 'awaiting_payer')));
  const confirmations: PaymentConfirmations['confirmations'] = [];
  for (const op of waiting) {
    if (!op.providerRef) continue;
    // Back to the dashboard afterwards, where the contribution shows as made.
    // The provider unreachable: this one is left out for now (the banner asks again), not a 5xx.
    const link = await deps.payments
      .confirmationLink({ ref: op.providerRef, returnUrl: `${deps.config.publicUrl}/` })
      .catch((error: unknown) => {
        deps.logger.warn({ err: error, operationId: op.id }, 'confirmation link unavailable');
        return null;
      });
    if (!link) continue;
    confirmations.push({
      operationId: op.id,
      amountCents: op.amountCents,
      url: link.url,
      expiresAt: new Date(op.createdAt.getTime() + PAYER_CONFIRMATION_MS).toISOString(),
    });
  }
  return { confirmations };
}

/**
 * The provider says a waiting charge's payer acted (the sandbox's confirmation page, the card
 * provider's webhook): its operation looks at the charge again now rather than at the end of
 * the payer's time. Unknown or no longer waiting: nothing to do.
 */
export async function resumeAwaitingCharge(deps: Pick<Deps, 'db' | 'clock' | 'kickOutbox'>, ref: string) {
  const [op] = await deps.db
    .select({ id: paymentOperations.id, organizationId: paymentOperations.organizationId })
    .from(paymentOperations)
    .where(and(eq(paymentOperations.providerRef, ref), eq(paymentOperations.status, 'awaiting_payer')));
  if (!op) return;
  const now = deps.clock.now();
  await wakePaymentOperation(deps.db, op, now, now);
  deps.kickOutbox();
}
