import type { DebtView } from '@giro/contract/debts';
import {
  confirmRepayment,
  declareRepayment,
  type MemberDebt,
  refuseRepayment,
  repaymentPosting,
} from '@giro/domain/debts';
import type { Tx } from '../../db/client';
import { asMemberDebt, type DebtRow, lockDebtById, updateDebt } from '../../db/debt.repository';
import type { IdempotentRequest } from '../../db/idempotency.repository';
import { bookPostings } from '../../db/ledger.repository';
import { closeAnsweredRepaymentCalls, closeDebtDueCall } from '../../db/notification.repository';
import { displayNameOf, type UserRow } from '../../db/user.repository';
import type { Deps } from '../../deps';
import { AppError } from '../../errors';
import { notifyMember } from '../../notifications/notify-member';
import { rememberAnswer, replayedAnswer } from '../idempotent-answer';
import { debtViews } from './debt-views';

/**
 * A debt's settlement step, in one transaction: the debt row locked (two settlements of one
 * debt, or a replay, wait here and then see the first one's result), the Idempotency-Key
 * answered from its first answer, the step, its ledger posting and its notification. A debt is
 * between its two members wherever they are now: one who left the organization, or was expelled
 * from it, still repays and confirms it (it was looked up in the caller's organization, and
 * could then never be settled).
 */
export async function withLockedDebt(
  deps: Deps,
  user: UserRow,
  debtId: string,
  idempotency: IdempotentRequest | undefined,
  step: (tx: Tx, debt: DebtRow) => Promise<DebtRow>,
): Promise<DebtView> {
  const view = await deps.db.transaction(async (tx) => {
    const debt = await lockDebtById(tx, debtId);
    // Someone else's debt between two other members is as if it did not exist.
    if (!debt || (debt.debtorId !== user.id && debt.creditorId !== user.id) || debt.status === 'cancelled')
      throw new AppError('DEBT_NOT_FOUND');
    if (idempotency) {
      const replayed = await replayedAnswer<DebtView>(tx, user.id, idempotency);
      if (replayed) return replayed;
    }
    const [result] = await debtViews(tx, [await step(tx, debt)]);
    if (idempotency) await rememberAnswer(tx, user.id, idempotency, result!, deps.clock.now());
    return result!;
  });
  deps.kickOutbox();
  return view;
}

type DebtNotice = 'debt_repayment_declared' | 'debt_settled' | 'debt_repayment_not_received';

/** Tells the debt's other member what `user` just did to it, in the step's transaction. */
async function tellTheOther(tx: Tx, deps: Deps, debt: DebtRow, user: UserRow, type: DebtNotice, now: Date) {
  await notifyMember(
    tx,
    deps.config.publicUrl,
    {
      organizationId: debt.organizationId,
      userId: user.id === debt.debtorId ? debt.creditorId : debt.debtorId,
      type,
      data: { memberName: await displayNameOf(tx, user.id), amountCents: debt.amountCents },
    },
    now,
  );
}

/** One member's step on a debt, under its lock: the domain's rule, the write, the other told. */
function debtStep(
  rule: (debt: MemberDebt, userId: string) => void,
  write: (tx: Tx, debt: DebtRow, now: Date) => Promise<DebtRow>,
  tells: DebtNotice,
) {
  return (deps: Deps, user: UserRow, debtId: string, idempotency?: IdempotentRequest): Promise<DebtView> =>
    withLockedDebt(deps, user, debtId, idempotency, async (tx, debt) => {
      rule(asMemberDebt(debt), user.id);
      const now = deps.clock.now();
      const updated = await write(tx, debt, now);
      await tellTheOther(tx, deps, debt, user, tells, now);
      return updated;
    });
}

/** POST /api/debts/{id}/settle with `manual`: the debtor says they repaid by hand; the creditor is asked to confirm. */
export const declareManualRepayment = debtStep(
  declareRepayment,
  async (tx, debt, now) => {
    const declared = await updateDebt(tx, debt.id, { repaymentDeclaredAt: now });
    // Done on his side: his call to repay it closes.
    await closeDebtDueCall(tx, debt.debtorId, debt.id);
    return declared;
  },
  'debt_repayment_declared',
);

/** POST /api/debts/{id}/confirm: the creditor got the money back; the debt is settled, once. */
export const confirmDebtRepayment = debtStep(
  confirmRepayment,
  async (tx, debt, now) => {
    await bookPostings(tx, debt.organizationId, [repaymentPosting(asMemberDebt(debt))], now);
    const settled = await updateDebt(tx, debt.id, { status: 'settled', settledAt: now, settledBy: 'manual' });
    // Answered: her calls to answer close once none waits (they stayed, saying the opposite).
    await closeAnsweredRepaymentCalls(tx, debt.creditorId);
    return settled;
  },
  'debt_settled',
);

/**
 * POST /api/debts/{id}/not-received: the creditor says the declared repayment never came. The
 * declaration is taken back (nothing was booked for it), and the debtor is told: the debt is
 * theirs to repay again, by hand or through the platform.
 */
export const refuseDebtRepayment = debtStep(
  refuseRepayment,
  async (tx, debt) => {
    const refused = await updateDebt(tx, debt.id, { repaymentDeclaredAt: null });
    // Answered: her calls to answer close once none waits (they stayed, saying the opposite).
    await closeAnsweredRepaymentCalls(tx, debt.creditorId);
    return refused;
  },
  'debt_repayment_not_received',
);
