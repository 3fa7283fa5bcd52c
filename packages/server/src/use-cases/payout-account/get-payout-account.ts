import type { PayoutAccount } from '@giro/contract/payout-account';
import { findPayoutAccount, updatePayoutAccount } from '../../db/payout-account.repository';
import type { UserRow } from '../../db/user.repository';
import type { Deps } from '../../deps';
import { changePayoutAccount } from './fund-follows-account';
import { payoutAccountView } from './payout-account-view';

/**
 * The member's connected account, its status refreshed from the provider (the return from
 * onboarding lands here). A change of status can end or start a waiting recipient's 24 hours.
 */
export async function getPayoutAccount(deps: Deps, user: UserRow): Promise<PayoutAccount> {
  const row = await findPayoutAccount(deps.db, user.id);
  if (!row || row.unlinkedAt) return payoutAccountView(row);
  const status = (await deps.payments.accountStatus(row.providerAccountId)) ?? 'not_connected';
  if (status !== row.status) {
    await changePayoutAccount(deps, user.id, (tx) =>
      updatePayoutAccount(tx, user.id, { status }, deps.clock.now()),
    );
  }
  return payoutAccountView({ ...row, status });
}
