import type { RequestDetails, RequestsOverview } from '@giro/contract/requests';
import type { FundingRequest, RequestsState } from '@giro/domain/requests/request-types';
import type { DbOrTx } from '../../db/client';
import {
  findEndedRequest,
  findRequestsOfOrganization,
  organizationOfRequest,
} from '../../db/request.repository';
import { displayNames, type UserRow } from '../../db/user.repository';
import type { Deps } from '../../deps';
import { AppError } from '../../errors';
import { type Names, peopleIn, requestDetails } from '../../views/request.view';
import { EMPTY_REQUESTS, requestNamesOf, requestsOverviewOf, snapshotOf } from '../organization-snapshot';

/** The display names of everyone these requests name, members or not any more. */
export async function namesIn(db: DbOrTx, state: RequestsState): Promise<Names> {
  return displayNames(db, [...peopleIn(state)]);
}

/** The caller's organization's snapshot (one statement); none is NOT_IN_ORGANIZATION. */
async function snapshotIn(deps: Deps, user: UserRow) {
  const snapshot = await snapshotOf(deps, user);
  if (!snapshot) throw new AppError('NOT_IN_ORGANIZATION');
  return snapshot;
}

/** GET /api/requests: the active request, the queue and the recent activity. */
export async function getRequests(deps: Deps, user: UserRow): Promise<RequestsOverview> {
  return requestsOverviewOf(deps.db, await snapshotIn(deps, user));
}

/**
 * One request of the caller's organization, from the snapshot, or from the ended requests its
 * state let go (ADR 0042: one more query, only for those), or the caller's own in an
 * organization they have left; any other id is 404, as if it did not exist.
 */
export async function getRequest(deps: Deps, user: UserRow, requestId: string): Promise<RequestDetails> {
  const { state, request, names } = await requestIn(deps, user, requestId);
  return requestDetails(state, request, await names());
}

/** A request the caller may see, as the domain holds it, in the organization that holds it. */
export interface RequestSeen {
  organizationId: string;
  state: RequestsState;
  request: FundingRequest;
  /** The names its details show (one query at most, only when asked). */
  names: () => Promise<Names>;
}

/**
 * One request of the caller's organization, or one of their own in an organization they have
 * left (`ownRequestElsewhere`). Anything else: REQUEST_NOT_FOUND, or NOT_IN_ORGANIZATION for a caller
 * in none.
 */
export async function requestIn(deps: Deps, user: UserRow, requestId: string): Promise<RequestSeen> {
  const snapshot = await snapshotOf(deps, user);
  if (snapshot) {
    const state = snapshot.requests ?? EMPTY_REQUESTS;
    const held = state.requests.find((r) => r.id === requestId);
    const request = held ?? (await findEndedRequest(deps.db, snapshot.id, requestId));
    if (request)
      return {
        organizationId: snapshot.id,
        state,
        request,
        names: () => requestNamesOf(deps.db, snapshot, held ? undefined : { requests: [request] }),
      };
  }
  const own = await ownRequestElsewhere(deps, user, requestId);
  if (own) return own;
  throw new AppError(snapshot ? 'REQUEST_NOT_FOUND' : 'NOT_IN_ORGANIZATION');
}

/**
 * The caller's own request in an organization they are no longer in (ADR 0057): expelled by a
 * vote, or gone, they still see it, and retry its payout until it is paid (the family gave that
 * money to them). Nobody else sees it from outside, and they see nothing else of that family.
 */
async function ownRequestElsewhere(
  deps: Deps,
  user: UserRow,
  requestId: string,
): Promise<RequestSeen | undefined> {
  const organizationId = await organizationOfRequest(deps.db, requestId);
  if (!organizationId || organizationId === user.familyId) return undefined;
  const { state } = await findRequestsOfOrganization(deps.db, organizationId);
  const request =
    state.requests.find((r) => r.id === requestId) ??
    (await findEndedRequest(deps.db, organizationId, requestId));
  if (request?.ownerId !== user.id) return undefined;
  const own = { requests: [request] };
  return { organizationId, state: own, request, names: () => namesIn(deps.db, own) };
}
