import type { PayoutAccount } from '@giro/contract/payout-account';
import type { PayoutAccountRow } from '../../db/payout-account.repository';

/** The panel's view: an unlinked or missing account shows as not connected. */
export function payoutAccountView(row: PayoutAccountRow | undefined): PayoutAccount {
  if (!row || row.unlinkedAt)
    return { id: row?.providerAccountId ?? null, status: 'not_connected', linked: false };
  return { id: row.providerAccountId, status: row.status as PayoutAccount['status'], linked: true };
}
