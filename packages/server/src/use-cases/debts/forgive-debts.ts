import { forgivenPosting, forgiveOnCreditorDeletion } from '@giro/domain/debts';
import { DomainError } from '@giro/domain/errors';
import type { Tx } from '../../db/client';
import {
  asMemberDebt,
  type DebtRow,
  hasPendingDebtOwedTo,
  lockDebtsOwedTo,
  updateDebt,
} from '../../db/debt.repository';
import { hasDeclaredCover } from '../../db/fund.repository';
import { bookPostings } from '../../db/ledger.repository';
import { closeDebtDueCall } from '../../db/notification.repository';
import type { UserRow } from '../../db/user.repository';
import type { Deps } from '../../deps';
import { notifyMember } from '../../notifications/notify-member';

/**
 * The debts owed to a member who asks to delete the account, locked, each passed by the domain's
 * rule: one being repaid to them through the platform refuses the deletion until it lands. So
 * does a cover of theirs still in a round, counted (a pending debt) or declared by hand and not
 * yet confirmed (no debt yet): paid out or confirmed after the deletion, it would make a debt to
 * a deleted account. Only an expelled coverer can meet these; a participant cannot leave.
 */
export async function debtsToForgive(tx: Tx, creditorId: string): Promise<DebtRow[]> {
  if ((await hasPendingDebtOwedTo(tx, creditorId)) || (await hasDeclaredCover(tx, creditorId)))
    throw new DomainError('COVER_NOT_PAID_OUT');
  const debts = await lockDebtsOwedTo(tx, creditorId);
  for (const debt of debts) forgiveOnCreditorDeletion(asMemberDebt(debt), creditorId);
  return debts;
}

/**
 * In the deletion's transaction, before the name is erased: what others owe the member is written
 * off (domain/debts.ts says why), booked, and each debtor told by whom. Otherwise a debtor could
 * neither repay a deleted account nor delete their own while owing it.
 */
export async function forgiveDebtsOwedTo(tx: Tx, deps: Deps, creditor: UserRow, now: Date): Promise<void> {
  for (const debt of await debtsToForgive(tx, creditor.id)) {
    await bookPostings(tx, debt.organizationId, [forgivenPosting(asMemberDebt(debt))], now);
    await updateDebt(tx, debt.id, { status: 'cancelled', settledAt: now });
    // Nothing left to repay her: his call to repay it closes.
    await closeDebtDueCall(tx, debt.debtorId, debt.id);
    await notifyMember(
      tx,
      deps.config.publicUrl,
      {
        organizationId: debt.organizationId,
        userId: debt.debtorId,
        type: 'debt_forgiven',
        data: { memberName: creditor.displayName },
      },
      now,
    );
  }
}
