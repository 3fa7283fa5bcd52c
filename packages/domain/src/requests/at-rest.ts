import type { FundingRequest, RequestsState } from './request-types';

/** How many entries of recent activity the requests overview shows, newest first, across requests. */
export const RECENT_ACTIVITY = 10;

/**
 * The moments a request's timeline shows (domain.md, Request details), as the overview's recent
 * activity lists them: created, activated, each contribution that counted (a declined one never
 * did), ended. `views/request.view.ts` builds the entries; a server test holds the two together.
 */
export function activityMoments(r: FundingRequest): number[] {
  const moments = [r.createdAt];
  if (r.activatedAt !== null) moments.push(r.activatedAt);
  for (const c of r.contributions) if (!c.failed) moments.push(c.at);
  if (r.endedAt !== null) moments.push(r.endedAt);
  return moments;
}

/**
 * An ended request no command can change any more: nothing is owed to or by anyone. Its payout
 * was paid, or there was none (cancelled, or nothing collected: the contributions were refunded
 * when it ended), or it failed with nothing left to pay (every hold failed after the end: a retry
 * is refused, and it offered one for ever). A payout asked for or failed with money to pay is
 * still in play (its outcome, the owner's retry).
 */
export function isAtRest(r: FundingRequest): boolean {
  if (r.status === 'pending' || r.status === 'active' || r.endedAt === null) return false;
  const payout = r.payout;
  return payout === null || payout.status === 'paid' || (payout.status === 'failed' && payout.netCents === 0);
}

/**
 * An ended request whose payout, asked for or failed, still owes its owner money. Theirs to see
 * through, in the organization or out of it (ADR 0057): the family gave it to them.
 */
export function payoutStillOwed(r: FundingRequest): boolean {
  return r.status !== 'pending' && r.status !== 'active' && !isAtRest(r);
}

/**
 * The state an organization keeps and the requests it lets go to the archive (ADR 0042): every
 * request in play, and the requests at rest down to the RECENT_ACTIVITY-th newest moment among
 * them (ties kept). A request at rest that ended, its last moment, before that has RECENT_ACTIVITY
 * newer entries above each of its own in the overview, and goes. Only moments at rest count: they
 * never change, where a contribution in play that is declined leaves the timeline. What the state
 * keeps stays in its order (the overview breaks ties of time by it). Pure: the same state always
 * splits the same way, and a state with nothing to let go is returned as it is.
 */
export function splitResting(state: RequestsState): { kept: RequestsState; archived: FundingRequest[] } {
  const moments = state.requests
    .filter(isAtRest)
    .flatMap(activityMoments)
    .sort((a, b) => b - a);
  if (moments.length <= RECENT_ACTIVITY) return { kept: state, archived: [] };
  const oldestShown = moments[RECENT_ACTIVITY - 1]!;
  const archived = state.requests.filter((r) => isAtRest(r) && r.endedAt! < oldestShown);
  if (archived.length === 0) return { kept: state, archived };
  const gone = new Set(archived);
  return { kept: { requests: state.requests.filter((r) => !gone.has(r)) }, archived };
}

/** The state with a request it let go put back, for a command that names it to decide on. */
export function withRequest(state: RequestsState, request: FundingRequest | undefined): RequestsState {
  if (!request || state.requests.some((r) => r.id === request.id)) return state;
  // Back where it was created, before the first request created after it; the rest stay as they are.
  const at = state.requests.findIndex((r) => r.createdAt > request.createdAt);
  const requests = [...state.requests];
  requests.splice(at === -1 ? requests.length : at, 0, request);
  return { requests };
}
