import type {
  NotificationPreferences,
  NotificationPreferencesUpdate,
} from '@giro/contract/notification-preferences';
import { notificationTypes } from '@giro/contract/notifications';
import {
  findPreferences,
  lockPreferences,
  pushBrowserCounts,
  type StoredPreferences,
  savePreferences,
} from '../db/notification-preferences.repository';
import type { Deps } from '../deps';
import { channelsFor, type StoredChannels } from '../notifications/channels';

function present(stored: StoredPreferences, pushBrowsers: number): NotificationPreferences {
  return {
    types: Object.fromEntries(
      notificationTypes.map((type) => [type, channelsFor(type, stored.types)]),
    ) as NotificationPreferences['types'],
    quietHours: stored.quietHours,
    timeZone: stored.timeZone,
    weeklySummary: stored.weeklySummary,
    pushBrowsers,
  };
}

/** Every notification type with its three channels, the defaults filled in (issue 14). */
export async function getNotificationPreferences(
  deps: Deps,
  userId: string,
): Promise<NotificationPreferences> {
  const [stored, browsers] = await Promise.all([
    findPreferences(deps.db, userId),
    pushBrowserCounts(deps.db, [userId]),
  ]);
  return present(stored, browsers.get(userId) ?? 0);
}

/**
 * Changes only what is named: a type's channel, the quiet hours, the time zone, the weekly
 * summary. In one transaction with the row locked by the upsert, so two tabs saving different
 * switches at once both land.
 */
export async function updateNotificationPreferences(
  deps: Deps,
  userId: string,
  change: NotificationPreferencesUpdate,
): Promise<NotificationPreferences> {
  await deps.db.transaction(async (tx) => {
    const stored = await lockPreferences(tx, userId);
    const types: StoredChannels = { ...stored.types };
    for (const [type, channels] of Object.entries(change.types ?? {}) as [
      keyof StoredChannels,
      NonNullable<StoredChannels[keyof StoredChannels]>,
    ][])
      types[type] = { ...types[type], ...channels };
    await savePreferences(tx, userId, {
      ...stored,
      types,
      quietHours: change.quietHours === undefined ? stored.quietHours : change.quietHours,
      timeZone: change.timeZone ?? stored.timeZone,
      weeklySummary: change.weeklySummary ?? stored.weeklySummary,
    });
  });
  return getNotificationPreferences(deps, userId);
}
