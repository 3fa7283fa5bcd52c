import { repaymentPosting } from '@giro/domain/debts';
import type { Logger } from 'pino';
import type { DbOrTx } from '../../db/client';
import { asMemberDebt, lockDebtById, updateDebt } from '../../db/debt.repository';
import { bookPostings } from '../../db/ledger.repository';
import { displayNameOf } from '../../db/user.repository';
import type { Deps } from '../../deps';
import { notifyMember } from '../../notifications/notify-member';
import type { PaymentOutcomeRecorder } from '../../payments/payment.handler';
import { enqueuePayment, enqueueRefund } from '../../payments/payment-operations';

type RecorderDeps = Pick<Deps, 'clock' | 'config'> & { logger: Logger };

/**
 * What a debt's repayment through the platform became. The debtor's charge succeeded: the
 * creditor is paid the whole amount (a card hold is captured by that payout; members repaying
 * each other pay no fee). It was declined: the debt is open again and the debtor told. The
 * creditor was paid: the debt is settled and booked, once. The payout failed: the debtor's
 * money is given back and the debt is open again. Runs in the transaction that records the
 * operation's outcome, so each step happens exactly once.
 */
export function recordDebtPayment(deps: RecorderDeps): PaymentOutcomeRecorder {
  return async (tx, operation, result) => {
    const { request } = operation;
    const debt = await lockDebtById(tx, request.target.id);
    if (debt?.status !== 'settling' || !debt.settlementId) return;
    const now = deps.clock.now();
    const tell = async (
      userId: string,
      type: 'debt_payment_failed' | 'debt_settled' | 'debt_repaid_to_you',
      otherId?: string,
    ) =>
      notifyMember(
        tx,
        deps.config.publicUrl,
        {
          organizationId: debt.organizationId,
          userId,
          type,
          ...(otherId
            ? { data: { memberName: await displayNameOf(tx, otherId), amountCents: debt.amountCents } }
            : {}),
        },
        now,
      );
    const reopen = () => updateDebt(tx, debt.id, { status: 'open', settledBy: null });
    const method = debt.settledBy === 'paypal' ? 'paypal' : 'card';
    switch (request.kind) {
      case 'charge':
        if (!result.ok) {
          await reopen();
          return tell(debt.debtorId, 'debt_payment_failed', debt.creditorId);
        }
        await enqueuePayment(
          tx,
          {
            organizationId: debt.organizationId,
            subject: `debt-payout:${debt.settlementId}`,
            userId: debt.creditorId,
            amountCents: debt.amountCents,
            request: {
              kind: 'payout',
              target: request.target,
              recipientId: debt.creditorId,
              netCents: debt.amountCents,
              captures: method === 'card' ? [debt.settlementId] : [],
            },
          },
          now,
        );
        return;
      case 'payout':
        if (!result.ok) {
          await giveBack(tx, debt, method, now);
          await reopen();
          return tell(debt.debtorId, 'debt_payment_failed', debt.creditorId);
        }
        await bookPostings(tx, debt.organizationId, [repaymentPosting(asMemberDebt(debt))], now);
        await updateDebt(tx, debt.id, { status: 'settled', settledAt: now });
        // Both: by hand the creditor confirmed it, here only the payout says it came.
        await tell(debt.creditorId, 'debt_repaid_to_you', debt.debtorId);
        return tell(debt.debtorId, 'debt_settled', debt.creditorId);
      case 'refund':
      case 'capture': // a debt's hold is captured by its payout, at once
        return;
    }
  };
}

/** The creditor could not be paid: the debtor's charge is refunded (or its hold released). */
function giveBack(
  tx: DbOrTx,
  debt: {
    organizationId: string;
    id: string;
    settlementId: string | null;
    debtorId: string;
    amountCents: number;
  },
  method: 'card' | 'paypal',
  now: Date,
) {
  return enqueueRefund(
    tx,
    {
      organizationId: debt.organizationId,
      target: { type: 'debt', id: debt.id },
      contributionId: debt.settlementId!,
      payerId: debt.debtorId,
      amountCents: debt.amountCents,
      method,
    },
    now,
  );
}
