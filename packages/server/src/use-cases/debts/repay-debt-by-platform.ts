import { randomUUID } from 'node:crypto';
import type { DebtView } from '@giro/contract/debts';
import { startPlatformRepayment } from '@giro/domain/debts';
import { asMemberDebt, updateDebt } from '../../db/debt.repository';
import type { IdempotentRequest } from '../../db/idempotency.repository';
import { closeDebtDueCall } from '../../db/notification.repository';
import { activePayoutAccountOf } from '../../db/payout-account.repository';
import type { UserRow } from '../../db/user.repository';
import type { Deps } from '../../deps';
import { AppError } from '../../errors';
import { cardReturnUrl, enqueueCharge } from '../../payments/payment-operations';
import { withLockedDebt } from './repay-debt';

/**
 * POST /api/debts/{id}/settle by card or PayPal: the debtor pays through the platform. In one
 * transaction with the debt locked, it becomes `settling` and a charge is recorded with its
 * outbox row; the charge's outcome then pays the creditor (record-debt-payment.ts), and only the
 * creditor's payout settles it. A second settle waits for the lock and finds it settling; a
 * replayed key answers the first answer. The creditor must be able to receive: otherwise the
 * answer says to repay by hand.
 */
export function repayDebtByPlatform(
  deps: Deps,
  user: UserRow,
  debtId: string,
  payment: { method: 'card' | 'paypal'; paymentMethodId: string | null },
  idempotency?: IdempotentRequest,
): Promise<DebtView> {
  return withLockedDebt(deps, user, debtId, idempotency, async (tx, debt) => {
    startPlatformRepayment(asMemberDebt(debt), user.id);
    if (!(await activePayoutAccountOf(tx, debt.creditorId))) throw new AppError('CREDITOR_CANNOT_RECEIVE');
    const settlementId = randomUUID();
    const now = deps.clock.now();
    await enqueueCharge(
      tx,
      {
        organizationId: debt.organizationId,
        target: { type: 'debt', id: debt.id },
        contributionId: settlementId,
        payerId: debt.debtorId,
        amountCents: debt.amountCents,
        method: payment.method,
        paymentMethodId: payment.paymentMethodId,
        ...(payment.method === 'card' ? { returnUrl: cardReturnUrl(deps.config.publicUrl) } : {}),
      },
      now,
    );
    const settling = await updateDebt(tx, debt.id, {
      status: 'settling',
      settlementId,
      settledBy: payment.method,
    });
    // Paid on his side: his call to repay it closes (a failed payment tells him anew).
    await closeDebtDueCall(tx, debt.debtorId, debt.id);
    return settling;
  });
}
