import type { PayoutsOwed } from '@giro/contract/requests';
import { payoutStillOwed } from '@giro/domain/requests/at-rest';
import type { DbOrTx } from '../../db/client';
import { findRequestsOfOrganization, requestsMadeElsewhere } from '../../db/request.repository';
import type { UserRow } from '../../db/user.repository';
import type { Deps } from '../../deps';

/**
 * GET /api/requests/payouts-owed: the caller's requests in families they are no longer in whose
 * payout still owes them money (ADR 0057). The way back to them that lasts: a notice can be
 * deleted, or pruned. One indexed query, then one read per such family (few: one a person was in).
 */
export async function payoutsOwedElsewhere(deps: Deps, user: UserRow): Promise<PayoutsOwed> {
  return owedElsewhere(deps.db, user);
}

/** The same, inside a caller's transaction (an account's deletion is refused while one is owed). */
export async function owedElsewhere(
  db: DbOrTx,
  user: Pick<UserRow, 'id' | 'familyId'>,
): Promise<PayoutsOwed> {
  const made = await requestsMadeElsewhere(db, user.id, user.familyId);
  const families = new Map<string, Set<string>>();
  for (const { organizationId, requestId } of made)
    families.set(organizationId, (families.get(organizationId) ?? new Set()).add(requestId));
  const requests: PayoutsOwed['requests'] = [];
  for (const [organizationId, ids] of families) {
    const { state } = await findRequestsOfOrganization(db, organizationId);
    for (const r of state.requests)
      if (ids.has(r.id) && r.ownerId === user.id && payoutStillOwed(r) && r.payout)
        requests.push({
          id: r.id,
          title: r.title,
          netCents: r.payout.netCents,
          status: r.payout.status === 'failed' ? 'failed' : 'pending',
        });
  }
  return { requests };
}
