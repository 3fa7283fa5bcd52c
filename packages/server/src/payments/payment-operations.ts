import { paypalShareOfNet } from '@giro/domain/money';
import { and, desc, eq, isNotNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { outbox, paymentOperations } from '../db/schema';

export type PaymentOperationKind = 'charge' | 'capture' | 'payout' | 'refund';

/** Whose money it is: the outcome goes back to this fund's or request's decider, or to a debt between members. */
export type PaymentTarget =
  | { type: 'fund'; id: string }
  | { type: 'request'; id: string }
  | { type: 'debt'; id: string };

/** What the payment handler needs to carry out an operation and report it back. */
export type PaymentRequest =
  | {
      kind: 'charge';
      target: PaymentTarget;
      contributionId: string;
      /** Who pays: a PayPal contribution is recorded for them once captured. */
      contributorId?: string;
      /** The participant a PayPal cover is for (recorded as theirs, paid by `contributorId`). */
      onBehalfOf?: string;
      /**
       * The fund's round a PayPal contribution was made for: captured once the fund has moved
       * to another round, it is given back rather than counted there.
       */
      forRound?: { cycleNumber: number; roundNumber: number };
      /** A PayPal contribution to a request: its message, recorded with it once captured. */
      message?: string;
      method: 'card' | 'paypal';
      paymentMethodId: string | null;
      /**
       * A card's: where its payer comes back from their bank's page (`cardReturnUrl`), fixed
       * here so that every call for this charge asks the same; absent on charges made before
       * stop 66 (the handler then asks with today's).
       */
      returnUrl?: string;
    }
  /**
   * Captures the card holds listed (by contribution id), then pays the net to the recipient:
   * `paypal.netCents` of it (the money that came from PayPal, less its share of the fee) to
   * their PayPal email when they have one, the rest to their connected account.
   */
  | {
      kind: 'payout';
      target: PaymentTarget;
      recipientId: string;
      netCents: number;
      captures: string[];
      paypal?: PayPalPayoutShare;
    }
  | { kind: 'refund'; target: PaymentTarget; contributionId: string; method: 'card' | 'paypal' | 'manual' }
  /**
   * Captures a card hold before the provider lets it expire (ADR 0048), under the key a payout's
   * capture of it uses: whichever comes second finds it done.
   */
  | { kind: 'capture'; target: PaymentTarget; contributionId: string };

/**
 * The PayPal part of a payout. Its key is the same for every attempt at one payout (a round's,
 * a request's), unlike the operation's: after an attempt whose PayPal part went through and
 * whose account part failed, the next attempt finds the PayPal part done instead of paying it
 * twice. The account part goes second, under the attempt's own key.
 */
export interface PayPalPayoutShare {
  netCents: number;
  key: string;
}

/** The PayPal part of a payout of `gross` with `fee`, of which `paypalGross` came through PayPal. */
export function paypalShare(
  payout: { grossCents: number; feeCents: number },
  paypalGrossCents: number,
  key: string,
): { paypal?: PayPalPayoutShare } {
  const netCents = paypalShareOfNet(payout.grossCents, payout.feeCents, paypalGrossCents);
  return netCents > 0 ? { paypal: { netCents, key } } : {};
}

/**
 * Records a payment operation and its outbox row in the caller's transaction. The subject is
 * unique per kind, so asking twice for the same charge, payout or refund records it once.
 * Returns the operation's id, or null when it was recorded before.
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
): Promise<string | null> {
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
  if (row)
    await wakePaymentOperation(
      tx,
      { id: row.id, organizationId: op.organizationId },
      now,
      now,
      topicOf(op.request),
    );
  return row?.id ?? null;
}

/**
 * The outbox topic of a request's PayPal charge recorded after its capture (ADR 0046). The
 * release before it records nothing for a successful charge, so one of its workers would
 * capture the money and drop it; it has no handler for this topic, so it leaves the row (an
 * error, retried) for a worker of this release. Every other operation is `payment`.
 */
export const CAPTURE_FIRST_TOPIC = 'payment-capture-first';
const topicOf = (request: PaymentRequest) =>
  request.kind === 'charge' && request.target.type === 'request' && request.contributorId
    ? CAPTURE_FIRST_TOPIC
    : 'payment';

/**
 * Has the payment worker look at an operation at `availableAt`: when it is recorded, when its
 * payer's time to confirm runs out, when the provider says the payer acted. Looking twice is
 * harmless: the worker does nothing for an operation that is no longer open.
 */
export async function wakePaymentOperation(
  tx: DbOrTx,
  op: { id: string; organizationId: string },
  availableAt: Date,
  now: Date,
  topic = 'payment',
): Promise<void> {
  await tx.insert(outbox).values({
    topic,
    organizationId: op.organizationId,
    payload: { operationId: op.id },
    availableAt,
    createdAt: now,
  });
}

/** The operation of this kind for this subject (unique together), if there is one. */
export async function operationOf(db: DbOrTx, kind: PaymentOperationKind, subject: string) {
  const [op] = await db
    .select()
    .from(paymentOperations)
    .where(and(eq(paymentOperations.kind, kind), eq(paymentOperations.subject, subject)));
  return op;
}

/** The subject of a contribution's charge: captures and refunds find the charge by it. */
export const chargeSubject = (contributionId: string) => `contribution:${contributionId}`;

/** The subject of a hold's early capture (ADR 0048), and the key of every capture of it. */
export const captureSubject = (contributionId: string) => `capture:${contributionId}`;

/** The subject of a contribution's refund: an early capture does not take a hold being given back. */
export const refundSubject = (contributionId: string) => `refund:${contributionId}`;

interface ContributionMoney {
  organizationId: string;
  target: PaymentTarget;
  contributionId: string;
  payerId: string | null;
  amountCents: number;
}

/**
 * Where a card's payer comes back from their bank's 3-D Secure page: the dashboard. Stored on
 * the charge when it is made: a charge asked again after a deploy that moved `PUBLIC_URL` with
 * today's address would be another request under the same key, which Stripe refuses
 * (`idempotency_error`) until it forgets the key a day later and holds the money again.
 */
export const cardReturnUrl = (publicUrl: string): string => `${publicUrl}/`;

/** Takes a contribution's money (a card hold, or a PayPal capture): one charge per contribution. */
export async function enqueueCharge(
  tx: DbOrTx,
  money: ContributionMoney & {
    method: 'card' | 'paypal';
    paymentMethodId: string | null;
    /** A card's return address (`cardReturnUrl`); none for PayPal, approved before. */
    returnUrl?: string;
    recordAfterCapture?: boolean;
    onBehalfOf?: string | undefined;
    forRound?: { cycleNumber: number; roundNumber: number };
    message?: string;
  },
  now: Date,
): Promise<void> {
  await enqueuePayment(
    tx,
    {
      organizationId: money.organizationId,
      subject: chargeSubject(money.contributionId),
      userId: money.payerId,
      amountCents: money.amountCents,
      request: {
        kind: 'charge',
        target: money.target,
        contributionId: money.contributionId,
        // Named only when the contribution is recorded after its capture (PayPal).
        ...(money.recordAfterCapture && money.payerId ? { contributorId: money.payerId } : {}),
        ...(money.onBehalfOf ? { onBehalfOf: money.onBehalfOf } : {}),
        ...(money.forRound ? { forRound: money.forRound } : {}),
        ...(money.message ? { message: money.message } : {}),
        method: money.method,
        paymentMethodId: money.paymentMethodId,
        ...(money.returnUrl ? { returnUrl: money.returnUrl } : {}),
      },
    },
    now,
  );
}

/** Gives a contribution's money back (or releases its hold): one refund per contribution. */
export async function enqueueRefund(
  tx: DbOrTx,
  money: ContributionMoney & { method: 'card' | 'paypal' | 'manual' },
  now: Date,
): Promise<void> {
  await enqueuePayment(
    tx,
    {
      organizationId: money.organizationId,
      subject: refundSubject(money.contributionId),
      userId: money.payerId,
      amountCents: money.amountCents,
      request: {
        kind: 'refund',
        target: money.target,
        contributionId: money.contributionId,
        method: money.method,
      },
    },
    now,
  );
}

/**
 * The PayPal references of a payout's PayPal part sent by earlier attempts whose account part
 * failed (the payout's share `key`), newest first: usually one; more when PayPal gave one back
 * and an attempt sent it again (pay-out.ts).
 */
export async function paypalPartsSent(db: DbOrTx, key: string): Promise<string[]> {
  const rows = await db
    .selectDistinct({ ref: paymentOperations.paypalRef, at: paymentOperations.completedAt })
    .from(paymentOperations)
    .where(
      and(
        sql`(${paymentOperations.request}->'paypal'->>'key') = ${key}`,
        isNotNull(paymentOperations.paypalRef),
      ),
    )
    .orderBy(desc(paymentOperations.completedAt));
  return [...new Set(rows.map((row) => row.ref!))];
}
