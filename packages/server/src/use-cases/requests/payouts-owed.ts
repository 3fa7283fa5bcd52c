import type { PayoutsOwed } from '@giro/contract/requests';
import { payoutStillOwed } from '@giro/domain/requests/at-rest';
import type { FundingRequest } from '@giro/domain/requests/request-types';
import type { DbOrTx } from '../../db/client';
import { findRequestsOfOrganization, requestsMadeElsewhere } from '../../db/request.repository';
import type { UserRow } from '../../db/user.repository';
import type { Deps } from '../../deps';

/**
 * GET /api/requests/payouts-owed: the caller's requests whose payout still owes them money. In
 * families they are no longer in (ADR 0057), under way or failed: the way back to them that
 * lasts, as a notice can be deleted, or pruned. In their own family, failed (since stop 77): the
 * money waits for them to connect an account and retry, while the home said there was nothing
 * to do now. One indexed query, then one read per such family (few: one a person was in).
 */
export async function payoutsOwed(deps: Deps, user: UserRow): Promise<PayoutsOwed> {
  const elsewhere = await owedElsewhere(deps.db, user);
  if (!user.familyId) return elsewhere;
  const { state } = await findRequestsOfOrganization(deps.db, user.familyId);
  const here = state.requests.filter(
    (r) => r.ownerId === user.id && payoutStillOwed(r) && r.payout?.status === 'failed',
  );
  return { requests: [...here.map((r) => owedOf(r, r.payout!)), ...elsewhere.requests] };
}

const owedOf = (r: FundingRequest, payout: NonNullable<FundingRequest['payout']>) => ({
  id: r.id,
  title: r.title,
  netCents: payout.netCents,
  status: payout.status === 'failed' ? ('failed' as const) : ('pending' as const),
});

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
        requests.push(owedOf(r, r.payout));
  }
  return { requests };
}
