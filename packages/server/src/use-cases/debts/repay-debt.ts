import type { DebtView } from '@giro/contract/debts';
import { confirmRepayment, declareRepayment, refuseRepayment, repaymentPosting } from '@giro/domain/debts';
import type { Tx } from '../../db/client';
import { asMemberDebt, type DebtRow, lockDebtById, updateDebt } from '../../db/debt.repository';
import type { IdempotentRequest } from '../../db/idempotency.repository';
import { bookPostings } from '../../db/ledger.repository';
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

/** Tells the debt's other member what `user` just did to it, in the step's transaction. */
async function tellTheOther(
  tx: Tx,
  deps: Deps,
  debt: DebtRow,
  user: UserRow,
  type: 'debt_repayment_declared' | 'debt_settled' | 'debt_repayment_not_received',
  now: Date,
): Promise<void> {
  await notifyMember(
    tx,
    deps.config.publicUrl,
    {
      organizationId: debt.organizationId,
      userId: user.id === debt.debtorId ? debt.creditorId : debt.debtorId,
      type,
      data: { memberName: await displayNameOf(tx, user.id) },
    },
    now,
  );
}

/** POST /api/debts/{id}/settle with `manual`: the debtor says they repaid by hand; the creditor is asked to confirm. */
export function declareManualRepayment(
  deps: Deps,
  user: UserRow,
  debtId: string,
  idempotency?: IdempotentRequest,
): Promise<DebtView> {
  return withLockedDebt(deps, user, debtId, idempotency, async (tx, debt) => {
    declareRepayment(asMemberDebt(debt), user.id);
    const now = deps.clock.now();
    const updated = await updateDebt(tx, debt.id, { repaymentDeclaredAt: now });
    await tellTheOther(tx, deps, debt, user, 'debt_repayment_declared', now);
    return updated;
  });
}

/** POST /api/debts/{id}/confirm: the creditor got the money back; the debt is settled, once. */
export function confirmDebtRepayment(
  deps: Deps,
  user: UserRow,
  debtId: string,
  idempotency?: IdempotentRequest,
): Promise<DebtView> {
  return withLockedDebt(deps, user, debtId, idempotency, async (tx, debt) => {
    confirmRepayment(asMemberDebt(debt), user.id);
    const now = deps.clock.now();
    await bookPostings(tx, debt.organizationId, [repaymentPosting(asMemberDebt(debt))], now);
    const updated = await updateDebt(tx, debt.id, { status: 'settled', settledAt: now, settledBy: 'manual' });
    await tellTheOther(tx, deps, debt, user, 'debt_settled', now);
    return updated;
  });
}

/**
 * POST /api/debts/{id}/not-received: the creditor says the declared repayment never came. The
 * declaration is taken back (nothing was booked for it), and the debtor is told: the debt is
 * theirs to repay again, by hand or through the platform.
 */
export function refuseDebtRepayment(
  deps: Deps,
  user: UserRow,
  debtId: string,
  idempotency?: IdempotentRequest,
): Promise<DebtView> {
  return withLockedDebt(deps, user, debtId, idempotency, async (tx, debt) => {
    refuseRepayment(asMemberDebt(debt), user.id);
    const now = deps.clock.now();
    const updated = await updateDebt(tx, debt.id, { repaymentDeclaredAt: null });
    await tellTheOther(tx, deps, debt, user, 'debt_repayment_not_received', now);
    return updated;
  });
}
