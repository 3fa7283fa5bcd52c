import type { PayoutAccount } from '@giro/contract/payout-account';
import {
  deletePayoutAccountRow,
  findPayoutAccount,
  updatePayoutAccount,
} from '../../db/payout-account.repository';
import type { UserRow } from '../../db/user.repository';
import type { Deps } from '../../deps';
import { AppError } from '../../errors';
import { changePayoutAccount } from './fund-follows-account';
import { getPayoutAccount } from './get-payout-account';
import { payoutAccountView } from './payout-account-view';

async function linked(deps: Deps, user: UserRow) {
  const row = await findPayoutAccount(deps.db, user.id);
  if (!row) throw new AppError('PAYOUT_ACCOUNT_NOT_FOUND');
  return row;
}

/** Unlink: the provider keeps the account; the platform stops paying to it until reconnected. */
export async function unlinkPayoutAccount(deps: Deps, user: UserRow): Promise<PayoutAccount> {
  const row = await linked(deps, user);
  const now = deps.clock.now();
  await changePayoutAccount(deps, user.id, (tx) =>
    updatePayoutAccount(tx, user.id, { unlinkedAt: now }, now),
  );
  return payoutAccountView({ ...row, unlinkedAt: now });
}

/** Reconnect an unlinked account, its status fresh from the provider. */
export async function reconnectPayoutAccount(deps: Deps, user: UserRow): Promise<PayoutAccount> {
  await linked(deps, user);
  await changePayoutAccount(deps, user.id, (tx) =>
    updatePayoutAccount(tx, user.id, { unlinkedAt: null }, deps.clock.now()),
  );
  return getPayoutAccount(deps, user);
}

/** Delete: removed at the provider and here; a later "create" starts from nothing. */
export async function deletePayoutAccount(deps: Deps, user: UserRow): Promise<PayoutAccount> {
  const row = await linked(deps, user);
  await deps.payments.deleteAccount(row.providerAccountId);
  await changePayoutAccount(deps, user.id, (tx) => deletePayoutAccountRow(tx, user.id));
  return payoutAccountView(undefined);
}
