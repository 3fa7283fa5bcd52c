import type { Language } from '@giro/contract/errors';
import { languageOrDefault } from '@giro/contract/language';
import type { ResyncData } from '@giro/contract/socket';
import { memberCyclesOf } from '@giro/domain/fund/cycles';
import { userTotals } from '../db/ledger.queries';
import { listNotifications } from '../db/notification.repository';
import type { UserRow } from '../db/user.repository';
import type { Deps } from '../deps';
import { fundViewOf, leaderboardOf, requestsOverviewOf, snapshotOf } from './organization-snapshot';

/** Everything a socket client needs to be current again (SPEC §3, Resync data), read at once. */
/** `language`: the connection's own (its Accept-Language), for a member who has not picked one. */
/** `seq`: the organization's last socket event the data includes (same statement, so exact). */
export async function getResyncData(
  deps: Deps,
  user: UserRow,
  language: Language,
): Promise<{ data: ResyncData; seq: number }> {
  const [snapshot, notifications] = await Promise.all([
    snapshotOf(deps, user),
    listNotifications(deps.db, user.id, languageOrDefault(user.languagePreference ?? language)),
  ]);
  const totals = snapshot ? snapshot.own : await userTotals(deps.db, user.id);
  const fund = snapshot?.fund;
  const queued = snapshot ? (await requestsOverviewOf(deps.db, snapshot)).queued : [];
  const data: ResyncData = {
    rotatingFund: snapshot ? fundViewOf(snapshot, deps.config) : null,
    familyMembers: snapshot ? leaderboardOf(snapshot) : [],
    userNotifications: notifications.notifications,
    dashboard: {
      queuedRequests: queued,
      userStats: {
        totalGiven: totals.givenCents,
        totalReceived: totals.receivedCents,
        completedCycles: fund ? memberCyclesOf(fund.state, user.id) : 0,
      },
    },
  };
  return { data, seq: snapshot?.eventSeq ?? 0 };
}
