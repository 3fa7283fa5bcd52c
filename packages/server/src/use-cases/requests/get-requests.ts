import type { RequestDetails, RequestSummary, RequestsOverview } from '@giro/contract/requests';
import type { RequestsState } from '@giro/domain/requests/request-types';
import { inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { findRequestsOfOrganization } from '../../db/request.repository';
import { users } from '../../db/schema';
import type { UserRow } from '../../db/user.repository';
import type { Deps } from '../../deps';
import { AppError } from '../../errors';
import { type Names, peopleIn, requestDetails, requestsOverview } from '../../views/request.view';

/** The display names of everyone these requests name, members or not any more. */
export async function namesIn(db: DbOrTx, state: RequestsState): Promise<Names> {
  const ids = [...peopleIn(state)];
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: users.id, displayName: users.displayName })
    .from(users)
    .where(inArray(users.id, ids));
  return new Map(rows.map((row) => [row.id, row.displayName]));
}

async function stateOf(deps: Deps, user: UserRow) {
  if (!user.familyId) throw new AppError('NOT_IN_ORGANIZATION');
  const { state } = await findRequestsOfOrganization(deps.db, user.familyId);
  return { state, names: await namesIn(deps.db, state) };
}

/** GET /api/requests: the active request, the queue and the recent activity. */
export async function getRequests(deps: Deps, user: UserRow): Promise<RequestsOverview> {
  const { state, names } = await stateOf(deps, user);
  return requestsOverview(state, names);
}

/** One request of the caller's organization; any other id is 404, as if it did not exist. */
export async function getRequest(deps: Deps, user: UserRow, requestId: string): Promise<RequestDetails> {
  const { state, names } = await stateOf(deps, user);
  const request = state.requests.find((r) => r.id === requestId);
  if (!request) throw new AppError('REQUEST_NOT_FOUND');
  return requestDetails(state, request, names);
}

/** The dashboard's part: the active request and the queue, in order. */
export async function dashboardRequests(
  db: DbOrTx,
  organizationId: string | null,
): Promise<{ activeRequest: RequestSummary | null; queuedRequests: RequestSummary[] }> {
  if (!organizationId) return { activeRequest: null, queuedRequests: [] };
  const { state } = await findRequestsOfOrganization(db, organizationId);
  const { active, queued } = requestsOverview(state, await namesIn(db, state));
  return { activeRequest: active, queuedRequests: queued };
}
