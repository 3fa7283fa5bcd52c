import type { Language } from '@giro/contract/errors';
import { languageOrDefault } from '@giro/contract/language';
import type { ResyncData } from '@giro/contract/socket';
import { findFundOfOrganization, organizationMembers } from '../db/fund.repository';
import { userTotals } from '../db/ledger.queries';
import { listNotifications } from '../db/notification.repository';
import type { UserRow } from '../db/user.repository';
import type { Deps } from '../deps';
import { fundView } from '../views/fund.view';
import { completedCyclesOf } from './fund/completed-cycles';
import { listMembers } from './get-organization';
import { dashboardRequests } from './requests/get-requests';

/** Everything a socket client needs to be current again (SPEC §3, Resync data), read at once. */
/** `language`: the connection's own (its Accept-Language), for a member who has not picked one. */
export async function getResyncData(deps: Deps, user: UserRow, language: Language): Promise<ResyncData> {
  const familyId = user.familyId;
  const [fund, members, names, notifications, totals, requests] = await Promise.all([
    familyId ? findFundOfOrganization(deps.db, familyId) : undefined,
    familyId ? listMembers(deps.db, familyId) : [],
    familyId ? organizationMembers(deps.db, familyId) : [],
    listNotifications(deps.db, user.id, languageOrDefault(user.languagePreference ?? language)),
    userTotals(deps.db, user.id),
    dashboardRequests(deps.db, familyId),
  ]);
  return {
    rotatingFund: fund ? fundView(fund.state, names, deps.config) : null,
    familyMembers: members,
    userNotifications: notifications.notifications,
    dashboard: {
      queuedRequests: requests.queuedRequests,
      userStats: {
        totalGiven: totals.givenCents,
        totalReceived: totals.receivedCents,
        completedCycles: fund ? completedCyclesOf(fund.state, user.id) : 0,
      },
    },
  };
}
