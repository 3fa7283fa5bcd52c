import type { FundingRequest, RequestsState } from './request-types';

/**
 * How many ended requests at rest an organization's state keeps, the newest: the requests
 * overview shows the ten newest entries of every request's timeline, and an ended request's
 * newest entry is its end, so the ten newest ends hold every entry it can show (ADR 0042).
 */
export const RESTING_KEPT = 10;

/**
 * An ended request no command can change any more: nothing is owed to or by anyone. Its payout
 * was paid, or there was none (cancelled, or nothing collected: the contributions were refunded
 * when it ended). A payout asked for or failed is still in play (its outcome, the owner's retry).
 */
export function isAtRest(r: FundingRequest): boolean {
  if (r.status === 'pending' || r.status === 'active' || r.endedAt === null) return false;
  return r.payout === null || r.payout.status === 'paid';
}

/**
 * The state an organization keeps and the requests it lets go to the archive (ADR 0042): every
 * request in play, and the requests at rest that ended no earlier than the RESTING_KEPT-th newest
 * end (ties kept, so no two requests that ended together are split). What the state keeps stays
 * in its order (the overview breaks ties of time by it). Pure: the same state always splits the
 * same way, and a state with nothing to let go is returned as it is.
 */
export function splitResting(state: RequestsState): { kept: RequestsState; archived: FundingRequest[] } {
  const ends = state.requests
    .filter(isAtRest)
    .map((r) => r.endedAt!)
    .sort((a, b) => b - a);
  if (ends.length <= RESTING_KEPT) return { kept: state, archived: [] };
  const oldestKept = ends[RESTING_KEPT - 1]!;
  const archived = state.requests.filter((r) => isAtRest(r) && r.endedAt! < oldestKept);
  if (archived.length === 0) return { kept: state, archived };
  const gone = new Set(archived);
  return { kept: { requests: state.requests.filter((r) => !gone.has(r)) }, archived };
}

/** The requests a command names that the state does not hold, put back for it to decide on. */
export function withRequest(state: RequestsState, request: FundingRequest | undefined): RequestsState {
  if (!request || state.requests.some((r) => r.id === request.id)) return state;
  // Back in the order the overview and the queue would have seen it: by creation.
  const requests = [...state.requests, request].sort((a, b) => a.createdAt - b.createdAt);
  return { requests };
}
