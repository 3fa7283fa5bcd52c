import { forgivenPosting, forgiveOnCreditorDeletion } from '@giro/domain/debts';
import type { Tx } from '../../db/client';
import { asMemberDebt, type DebtRow, lockDebtsOwedTo, updateDebt } from '../../db/debt.repository';
import { bookPostings } from '../../db/ledger.repository';
import type { UserRow } from '../../db/user.repository';
import type { Deps } from '../../deps';
import { notifyMember } from '../../notifications/notify-member';

/**
 * The debts owed to a member who asks to delete the account, locked, each passed by the domain's
 * rule: one being repaid to them through the platform refuses the deletion until it lands.
 */
export async function debtsToForgive(tx: Tx, creditorId: string): Promise<DebtRow[]> {
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
