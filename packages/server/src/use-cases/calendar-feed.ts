import { languageOrDefault } from '@giro/contract/language';
import { feedPath, signatureMatches } from '../calendar/feed-address';
import { renderFeed } from '../calendar/render-feed';
import { findFundOfOrganization, organizationMembers } from '../db/fund.repository';
import { bumpCalendarGeneration, findPreferences } from '../db/notification-preferences.repository';
import { findUserById } from '../db/user.repository';
import type { Deps } from '../deps';

/** The member's secret calendar address (GET /api/calendar-feed). */
export async function calendarFeedUrl(deps: Deps, userId: string): Promise<{ url: string }> {
  const { calendarGeneration } = await findPreferences(deps.db, userId);
  return { url: `${deps.config.publicUrl}${feedPath(deps.calendarKey, userId, calendarGeneration)}` };
}

/** A new address; the old one answers 404 from now on. */
export async function rotateCalendarFeed(deps: Deps, userId: string): Promise<{ url: string }> {
  const generation = await bumpCalendarGeneration(deps.db, userId);
  return { url: `${deps.config.publicUrl}${feedPath(deps.calendarKey, userId, generation)}` };
}

/**
 * The calendar at a secret address, or null (404) when the address is not the member's
 * current one or the account is gone. Read by calendar apps, with no session.
 */
export async function calendarFeed(deps: Deps, userId: string, signature: string): Promise<string | null> {
  const user = await findUserById(deps.db, userId);
  if (!user || user.deletedAt) return null;
  const { calendarGeneration } = await findPreferences(deps.db, userId);
  if (!signatureMatches(deps.calendarKey, userId, calendarGeneration, signature)) return null;
  const fund = user.familyId ? await findFundOfOrganization(deps.db, user.familyId) : undefined;
  const members = user.familyId ? await organizationMembers(deps.db, user.familyId) : [];
  return renderFeed({
    state: fund?.state ?? null,
    userId,
    names: new Map(members.map((m) => [m.id, m.displayName])),
    language: languageOrDefault(user.languagePreference),
    publicUrl: deps.config.publicUrl,
  });
}
