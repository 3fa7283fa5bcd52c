import type { RequestDetails, RequestsOverview } from '@giro/contract/requests';
import type { FundingRequest, RequestsState } from '@giro/domain/requests/request-types';
import type { DbOrTx } from '../../db/client';
import { findEndedRequest } from '../../db/request.repository';
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
 * state let go (ADR 0042: one more query, only for those); any other id is 404, as if it did not
 * exist.
 */
export async function getRequest(deps: Deps, user: UserRow, requestId: string): Promise<RequestDetails> {
  const { snapshot, state, request, ended } = await requestIn(deps, user, requestId);
  const names = await requestNamesOf(deps.db, snapshot, ended ? { requests: [request] } : undefined);
  return requestDetails(state, request, names);
}

/** One request of the caller's organization as the domain holds it; `ended`: let go by its state. */
export async function requestIn(deps: Deps, user: UserRow, requestId: string) {
  const snapshot = await snapshotIn(deps, user);
  const state = snapshot.requests ?? EMPTY_REQUESTS;
  const held = state.requests.find((r) => r.id === requestId);
  const request: FundingRequest | undefined =
    held ?? (await findEndedRequest(deps.db, snapshot.id, requestId));
  if (!request) throw new AppError('REQUEST_NOT_FOUND');
  return { snapshot, state, request, ended: held === undefined };
}
