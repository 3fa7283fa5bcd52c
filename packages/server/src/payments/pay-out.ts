import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { activePayoutAccountOf } from '../db/payout-account.repository';
import { paymentOperations } from '../db/schema';
import { paypalEmailOf } from '../db/user.repository';
import { type PaymentRequest, paypalPartsSent } from './payment-operations';
import type { PaymentProvider, PaymentResult } from './payment-provider';

type Payout = Extract<PaymentRequest, { kind: 'payout' }>;

/**
 * What a payout's provider calls gave; a payout split between the recipient's PayPal email and
 * their connected account also names the PayPal part (reconciliation reads it back).
 */
export type PayoutOutcome = PaymentResult & { paypalRef?: string };

/**
 * Where one attempt's money goes: the PayPal part (to this email, or already paid by an earlier
 * attempt under this reference, or none) and the account and amount of the rest. Fixed on the
 * operation before its first provider call, so that asking again after a crash or a timeout
 * asks the same thing under the same keys: re-read, a PayPal email or account changed meanwhile
 * made Stripe answer `idempotency_error` for a transfer that may have been made, and the
 * outbox asked again until Stripe forgot the key a day later and paid it twice.
 */
export interface PayoutPlan {
  /**
   * `key`: the PayPal part's idempotency key when it is not the share's (sent again after PayPal
   * gave the first back); absent on plans fixed before stop 67, and for the first sending.
   */
  paypal: { email: string; key?: string } | { paidRef: string } | null;
  accountId: string | null;
  accountCents: number;
}

/** The attempt's plan: the one fixed on its operation, or made now and fixed (first one wins). */
export async function payoutPlanOf(
  db: Db,
  provider: PaymentProvider,
  operationId: string,
  request: Payout,
): Promise<PayoutPlan> {
  const fixed = (request as Payout & { plan?: PayoutPlan }).plan;
  if (fixed) return fixed;
  const plan = await makePlan(db, provider, request);
  const [stored] = await db
    .update(paymentOperations)
    .set({ request: sql`jsonb_set(${paymentOperations.request}, '{plan}', ${JSON.stringify(plan)}::jsonb)` })
    .where(and(eq(paymentOperations.id, operationId), sql`${paymentOperations.request}->'plan' IS NULL`))
    .returning({ id: paymentOperations.id });
  if (stored) return plan;
  // Another worker fixed one first (a lease that ran out): that one.
  const [row] = await db
    .select({ request: paymentOperations.request })
    .from(paymentOperations)
    .where(eq(paymentOperations.id, operationId));
  return (row!.request as { plan: PayoutPlan }).plan;
}

/** What a plan is made from: the payout's net, its recipient and its PayPal part. */
type PayoutShares = Pick<Payout, 'recipientId' | 'netCents' | 'paypal'>;

/**
 * Whether paying this out now needs the recipient's connected account, decided as an attempt's
 * plan is (`makePlan`). For a clear refusal before an attempt that could only fail; the plan
 * stays the guard. Before, a retry asked for an account always, and an owner paid wholly
 * through PayPal could not retry without one.
 */
export async function payoutNeedsAccount(
  db: Db,
  provider: PaymentProvider,
  payout: PayoutShares,
): Promise<boolean> {
  return accountPart(payout, await paypalPlan(db, provider, payout)) > 0;
}

/**
 * The PayPal part: paid by an earlier attempt (whatever the recipient's email is now: cleared
 * since, the whole net to the account would pay that part twice), or to their email now, or
 * none, everything to the account. A part an earlier attempt sent and PayPal gave back since
 * (denied, or unclaimed for 30 days and returned: read back through the port) was not paid:
 * it is sent again, under a key of its own, to the email the recipient has now.
 */
async function makePlan(db: Db, provider: PaymentProvider, request: Payout): Promise<PayoutPlan> {
  const paypal = await paypalPlan(db, provider, request);
  const accountCents = accountPart(request, paypal);
  const accountId = accountCents > 0 ? await activePayoutAccountOf(db, request.recipientId) : null;
  return { paypal, accountId, accountCents };
}

async function paypalPlan(
  db: Db,
  provider: PaymentProvider,
  request: PayoutShares,
): Promise<PayoutPlan['paypal']> {
  const share = request.paypal;
  const sent = share ? await paypalPartsSent(db, share.key) : [];
  const paidRef = await firstStillPaid(provider, sent);
  const email = share && !paidRef ? await paypalEmailOf(db, request.recipientId) : null;
  const again = sent.length > 0 ? { key: `${share!.key}:again:${sent.length}` } : {};
  return paidRef ? { paidRef } : email ? { email, ...again } : null;
}

/** The rest, to the connected account: the net less a PayPal part that goes (or went) to PayPal. */
const accountPart = (request: PayoutShares, paypal: PayoutPlan['paypal']) =>
  request.netCents - (request.paypal && paypal ? request.paypal.netCents : 0);

/**
 * The first of these PayPal parts that PayPal has not given back. One PayPal does not know (null)
 * counts as paid: sending it again could pay twice. PayPal unreachable throws: the attempt is
 * asked again later, before any money moved.
 */
async function firstStillPaid(provider: PaymentProvider, refs: string[]): Promise<string | null> {
  for (const ref of refs) {
    const state = await provider.payoutState(ref);
    if (state === null || state.paidCents > 0) return ref;
  }
  return null;
}

/**
 * Pays a payout's net as its plan says: the PayPal part first, under the key shared by every
 * attempt at this payout (a later attempt finds it recorded and does not ask PayPal again, which
 * forgets a `sender_batch_id` after 30 days), then the rest to the connected account under this
 * attempt's key.
 */
export async function payOut(
  provider: PaymentProvider,
  attemptKey: string,
  request: Payout,
  plan: PayoutPlan,
): Promise<PayoutOutcome> {
  const paidBefore = plan.paypal && 'paidRef' in plan.paypal ? plan.paypal.paidRef : null;
  const withPaidBefore = (result: PaymentResult): PayoutOutcome =>
    paidBefore ? { ...result, paypalRef: paidBefore } : result;
  // Unlinked or restricted by the withdrawal: nothing is paid, the captured money stays with
  // the provider (the recorder books it there) until a retry.
  if (plan.accountCents > 0 && !plan.accountId) return withPaidBefore({ ok: false, reason: 'payout_failed' });
  let paypalRef = paidBefore;
  if (request.paypal && plan.paypal && 'email' in plan.paypal) {
    const toPaypal = await provider.payout({
      idempotencyKey: plan.paypal.key ?? request.paypal.key,
      destination: { type: 'paypal', email: plan.paypal.email },
      amountCents: request.paypal.netCents,
    });
    if (!toPaypal.ok || !plan.accountId) return toPaypal;
    paypalRef = toPaypal.ref;
  }
  if (!plan.accountId) return withPaidBefore({ ok: true, ref: 'nothing-to-pay' });
  const toAccount = await provider.payout({
    idempotencyKey: attemptKey,
    destination: { type: 'account', accountId: plan.accountId },
    amountCents: plan.accountCents,
  });
  return paypalRef ? { ...toAccount, paypalRef } : toAccount;
}
