import type {
  Channels,
  NotificationPreferences,
  NotificationPreferencesUpdate,
} from '@giro/contract/notification-preferences';
import type { NotificationType } from '@giro/contract/notifications';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { useMutation } from '../../../lib/mutation';

/** Where and when reminders and other notifications reach the member (issue 14). */
export const notificationPreferencesKey = ['/api/notification-preferences'] as const;
const saveKey = ['save-notification-preferences'] as const;

export const useNotificationPreferences = () =>
  useQuery({ queryKey: notificationPreferencesKey, select: (data) => data as NotificationPreferences });

export type Channel = keyof Channels;
export const channels: readonly Channel[] = ['inApp', 'push', 'email'];

/** The change of one switch: only that type's channel is sent, so concurrent changes never undo each other. */
export const channelUpdate = (
  type: NotificationType,
  channel: Channel,
  isOn: boolean,
): NotificationPreferencesUpdate => ({ types: { [type]: { [channel]: isOn } } });

/** What the server will answer to `update`, shown at once (optimistic): the same merge it makes. */
export function applyUpdate(
  preferences: NotificationPreferences,
  update: NotificationPreferencesUpdate,
): NotificationPreferences {
  const types = { ...preferences.types };
  for (const [type, change] of Object.entries(update.types ?? {}) as [NotificationType, Partial<Channels>][])
    types[type] = { ...types[type], ...change };
  return {
    ...preferences,
    types,
    ...(update.quietHours !== undefined && { quietHours: update.quietHours }),
    ...(update.timeZone !== undefined && { timeZone: update.timeZone }),
    ...(update.weeklySummary !== undefined && { weeklySummary: update.weeklySummary }),
  };
}

/** The device's time zone ("Europe/Rome"), as the browser reports it. */
export const deviceTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

const SENT_ZONE_KEY = 'giro.timeZoneSent';
/** The device's time zone when this browser last saved preferences, if it ever did. */
export function lastSentZone(): string | null {
  try {
    return localStorage.getItem(SENT_ZONE_KEY);
  } catch {
    return null;
  }
}
function rememberSentZone(zone: string) {
  try {
    localStorage.setItem(SENT_ZONE_KEY, zone);
  } catch {
    // private mode: the zone is offered again next time, which is harmless
  }
}

/**
 * The time zone quiet hours and reminders are read in defaults to the device's: the server starts
 * everyone on Europe/Rome, so a member elsewhere would be woken at the wrong hour. The device's
 * zone goes with the first save made from this device (or from where it has moved to), unless
 * the member picked a zone themselves; once sent from here, a zone picked later is not undone.
 */
export function withDeviceTimeZone(
  update: NotificationPreferencesUpdate,
  serverZone: string,
  deviceZone: string,
  sentZone: string | null,
): NotificationPreferencesUpdate {
  if (update.timeZone !== undefined || deviceZone === serverZone || deviceZone === sentZone) return update;
  return { ...update, timeZone: deviceZone };
}

/**
 * Saves a change. The page shows it at once; the server's answer replaces it when no later change
 * is still on its way (an earlier answer would show a switch flipping back); a failure reloads
 * what the server holds.
 */
export function useSaveNotificationPreferences() {
  const client = useQueryClient();
  return useMutation({
    mutationKey: saveKey,
    mutationFn: (update: NotificationPreferencesUpdate) =>
      apiRequest<NotificationPreferences>('PUT', '/api/notification-preferences', update),
    onMutate: async (update) => {
      await client.cancelQueries({ queryKey: notificationPreferencesKey });
      client.setQueryData<NotificationPreferences>(notificationPreferencesKey, (current) =>
        current ? applyUpdate(current, update) : current,
      );
    },
    onSuccess: (saved) => {
      rememberSentZone(deviceTimeZone());
      if (client.isMutating({ mutationKey: saveKey }) <= 1)
        client.setQueryData(notificationPreferencesKey, saved);
    },
    onError: () => client.invalidateQueries({ queryKey: notificationPreferencesKey }),
  });
}

/** The member's calendar: a secret address of an iCalendar feed of their due dates. */
const calendarFeedKey = ['/api/calendar-feed'] as const;
export const useCalendarFeed = () =>
  useQuery({ queryKey: calendarFeedKey, select: (data) => data as { url: string } });

/** A new secret address; the old one stops working. */
export function useRotateCalendarFeed() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest<{ url: string }>('POST', '/api/calendar-feed/rotate'),
    onSuccess: (feed) => client.setQueryData(calendarFeedKey, feed),
  });
}

/** The same feed as a `webcal:` address, which calendar apps open as a subscription. */
export const webcalUrl = (url: string) => url.replace(/^https?:/, 'webcal:');
