import type { DbOrTx } from '../db/client';
import { outbox, paymentOperations } from '../db/schema';

export type PaymentOperationKind = 'charge' | 'distribution' | 'refund';

/** What the payment handler needs to carry out an operation and report it back to the fund. */
export type PaymentRequest =
  | {
      kind: 'charge';
      fundId: string;
      contributionId: string;
      method: 'card' | 'paypal';
      paymentMethodId: string | null;
    }
  | { kind: 'distribution'; fundId: string; recipientId: string; netCents: number; captures: string[] }
  | { kind: 'refund'; fundId: string; contributionId: string; method: 'card' | 'paypal' | 'manual' };

/**
 * Records a payment operation and its outbox row in the caller's transaction. The subject is
 * unique per kind, so asking twice for the same charge, payout or refund records it once.
 */
export async function enqueuePayment(
  tx: DbOrTx,
  op: {
    organizationId: string;
    subject: string;
    userId: string | null;
    amountCents: number;
    request: PaymentRequest;
  },
  now: Date,
): Promise<void> {
  const [row] = await tx
    .insert(paymentOperations)
    .values({
      organizationId: op.organizationId,
      kind: op.request.kind,
      subject: op.subject,
      userId: op.userId,
      amountCents: op.amountCents,
      request: op.request,
      createdAt: now,
    })
    .onConflictDoNothing()
    .returning({ id: paymentOperations.id });
  if (!row) return;
  await tx.insert(outbox).values({
    topic: 'payment',
    organizationId: op.organizationId,
    payload: { operationId: row.id },
    availableAt: now,
    createdAt: now,
  });
}
