import type { FundView } from '@giro/contract/fund';
import type { Member, Organization } from '@giro/contract/organization';
import type { RequestsOverview } from '@giro/contract/requests';
import { deepFreeze } from '@giro/domain/deep-freeze';
import type { OrganizationType } from '@giro/domain/organization';
import type { RequestsState } from '@giro/domain/requests/request-types';
import type { Db } from '../db/client';
import type { OrganizationSnapshot } from '../db/organization-snapshot.queries';
import { displayNames, type UserRow } from '../db/user.repository';
import type { Deps } from '../deps';
import { fundView } from '../views/fund.view';
import { type Names, peopleIn, requestsOverview } from '../views/request.view';

/**
 * The hot views (dashboard, fund view, requests view, resync) built from one organization
 * snapshot: one statement for the lot (or none, from memory: db/snapshot-cache.ts), then only
 * what the snapshot cannot know (below).
 */
export async function snapshotOf(deps: Deps, user: UserRow): Promise<OrganizationSnapshot | undefined> {
  return user.familyId ? deps.snapshots.read(user.familyId, user.id) : undefined;
}

/** The organization as GET /api/family answers it, for the caller. */
export function organizationOf(snapshot: OrganizationSnapshot, user: UserRow): Organization {
  return {
    id: snapshot.id,
    name: snapshot.name,
    type: snapshot.type as OrganizationType,
    inviteCode: snapshot.inviteCode,
    memberCount: snapshot.members.length,
    totalContributionsCents: snapshot.ledger.reduce((sum, row) => sum + row.givenCents, 0),
    memberSince: (user.memberSince ?? user.createdAt).toISOString(),
  };
}

/** The members with their totals, most given first (the leaderboard; as `listMembers`). */
export function leaderboardOf(snapshot: OrganizationSnapshot): Member[] {
  const totals = new Map(snapshot.ledger.map((row) => [row.userId ?? '', row]));
  return snapshot.members
    .map((m) => ({
      id: m.id,
      displayName: m.displayName,
      username: m.username,
      memberSince: new Date(m.memberSinceMs).toISOString(),
      strikes: m.strikes,
      totalGivenCents: totals.get(m.id)?.givenCents ?? 0,
      totalReceivedCents: totals.get(m.id)?.receivedCents ?? 0,
    }))
    .sort((a, b) => b.totalGivenCents - a.totalGivenCents);
}

/** The members as the fund's view and effects name them. */
export function fundMembersOf(snapshot: OrganizationSnapshot) {
  return snapshot.members.map((m) => ({ id: m.id, displayName: m.displayName, language: m.language }));
}

const fundViews = new WeakMap<OrganizationSnapshot, { testClock: boolean; view: FundView }>();

/**
 * The fund's view in a snapshot, built once per snapshot: a snapshot kept in memory
 * (db/snapshot-cache.ts) serves many requests, and the view depends on nothing else.
 */
export function fundViewOf(snapshot: OrganizationSnapshot, config: { testClock: boolean }): FundView | null {
  if (!snapshot.fund) return null;
  const built = fundViews.get(snapshot);
  if (built && built.testClock === config.testClock) return built.view;
  // Shared by every member's request while the snapshot is: nobody may change it.
  const view = deepFreeze(fundView(snapshot.fund.state, fundMembersOf(snapshot), config));
  fundViews.set(snapshot, { testClock: config.testClock, view });
  return view;
}

export const EMPTY_REQUESTS: RequestsState = { requests: [] };

/**
 * The names the requests view shows (of the snapshot's requests, or of `requests`): current
 * members from the snapshot; a former member named in an old request (left or deleted) costs one
 * more query, only then.
 */
export async function requestNamesOf(
  db: Db,
  snapshot: OrganizationSnapshot,
  requests: RequestsState = snapshot.requests ?? EMPTY_REQUESTS,
): Promise<Names> {
  const { names, missing } = namesInSnapshot(snapshot, requests);
  for (const [id, name] of await displayNames(db, missing)) names.set(id, name);
  return names;
}

function namesInSnapshot(snapshot: OrganizationSnapshot, requests: RequestsState) {
  const names = new Map(snapshot.members.map((m) => [m.id, m.displayName]));
  const missing = [...peopleIn(requests)].filter((id) => !names.has(id));
  return { names, missing };
}

const overviews = new WeakMap<OrganizationSnapshot, RequestsOverview>();

/**
 * The requests overview in a snapshot (the requests view; the dashboard and the resync show part
 * of it), built once per snapshot when the snapshot names everyone in it. A former member's
 * name is read each time instead: it is not part of the snapshot, so nothing announces it.
 */
export async function requestsOverviewOf(db: Db, snapshot: OrganizationSnapshot): Promise<RequestsOverview> {
  const built = overviews.get(snapshot);
  if (built) return built;
  const state = snapshot.requests ?? EMPTY_REQUESTS;
  const { names, missing } = namesInSnapshot(snapshot, state);
  if (missing.length > 0) {
    for (const [id, name] of await displayNames(db, missing)) names.set(id, name);
    return requestsOverview(state, names);
  }
  const overview = deepFreeze(requestsOverview(state, names));
  overviews.set(snapshot, overview);
  return overview;
}
