import type {
  RequestDetails,
  RequestSummary,
  RequestsOverview,
  TimelineEntry,
} from '@giro/contract/requests';
import { RECENT_ACTIVITY } from '@giro/domain/requests/at-rest';
import { collectedCents, heldContributions, queuePosition } from '@giro/domain/requests/decide-request';
import type { FundingRequest, RequestsState } from '@giro/domain/requests/request-types';

const iso = (ms: number) => new Date(ms).toISOString();
const isoOrNull = (ms: number | null) => (ms === null ? null : iso(ms));
/** Display names by user id; someone who left since still has a name on their past requests. */
export type Names = ReadonlyMap<string, string>;
const nameOf = (names: Names, id: string) => names.get(id) ?? '—';

export function requestSummary(state: RequestsState, r: FundingRequest, names: Names): RequestSummary {
  const current = collectedCents(r);
  return {
    id: r.id,
    ownerId: r.ownerId,
    ownerName: nameOf(names, r.ownerId),
    title: r.title,
    description: r.description,
    targetAmountCents: r.targetCents,
    currentAmountCents: current,
    // Whole percent, rounded down so 100 means the target is really reached.
    progress: Math.min(100, Math.floor((current * 100) / r.targetCents)),
    status: r.status,
    queuePosition: queuePosition(state, r.id),
    contributorCount: new Set(heldContributions(r).map((c) => c.contributorId)).size,
    createdAt: iso(r.createdAt),
    activatedAt: isoOrNull(r.activatedAt),
    expiresAt: isoOrNull(r.expiresAt),
    endedAt: isoOrNull(r.endedAt),
  };
}

/**
 * Created, activated, each contribution that counted, the end (domain.md, Request details): the
 * moments `activityMoments` names, which decide what a state keeps (ADR 0042; a test holds the
 * overview built from the kept state to the one built from every request).
 */
export function timelineOf(r: FundingRequest, names: Names): TimelineEntry[] {
  const base = { requestId: r.id, requestTitle: r.title, actorName: null, amountCents: null, status: null };
  const entries: TimelineEntry[] = [
    {
      ...base,
      id: `${r.id}:created`,
      type: 'created',
      at: iso(r.createdAt),
      actorName: nameOf(names, r.ownerId),
    },
  ];
  if (r.activatedAt !== null)
    entries.push({ ...base, id: `${r.id}:activated`, type: 'activated', at: iso(r.activatedAt) });
  for (const c of r.contributions.filter((x) => !x.failed)) {
    entries.push({
      ...base,
      id: c.id,
      type: 'contribution',
      at: iso(c.at),
      actorName: nameOf(names, c.contributorId),
      amountCents: c.amountCents,
    });
  }
  if (r.endedAt !== null)
    entries.push({ ...base, id: `${r.id}:ended`, type: 'ended', at: iso(r.endedAt), status: r.status });
  return entries;
}

export function requestDetails(state: RequestsState, r: FundingRequest, names: Names): RequestDetails {
  return {
    ...requestSummary(state, r, names),
    contributors: r.contributions
      .filter((c) => !c.failed)
      .map((c) => ({
        id: c.id,
        contributorId: c.contributorId,
        contributorName: nameOf(names, c.contributorId),
        amountCents: c.amountCents,
        message: c.message,
        at: iso(c.at),
        refunded: c.refunded,
      })),
    timeline: timelineOf(r, names),
    payout: r.payout && {
      grossCents: r.payout.grossCents,
      feeCents: r.payout.feeCents,
      netCents: r.payout.netCents,
      status: r.payout.status ?? 'pending',
    },
  };
}

/** The active request, the queue in order, and the newest activity across all requests. */
export function requestsOverview(state: RequestsState, names: Names): RequestsOverview {
  const active = state.requests.find((r) => r.status === 'active');
  const queued = state.requests
    .filter((r) => r.status === 'pending')
    .sort((a, b) => a.createdAt - b.createdAt)
    .map((r) => requestSummary(state, r, names));
  // Reversed before the stable sort: of two entries at the same instant, the later-caused first.
  const recentActivity = state.requests
    .flatMap((r) => timelineOf(r, names))
    .reverse()
    .sort((a, b) => b.at.localeCompare(a.at))
    .slice(0, RECENT_ACTIVITY);
  return { active: active ? requestSummary(state, active, names) : null, queued, recentActivity };
}

/** Every user a view of these requests names. */
export const peopleIn = (state: RequestsState) =>
  new Set(state.requests.flatMap((r) => [r.ownerId, ...r.contributions.map((c) => c.contributorId)]));
