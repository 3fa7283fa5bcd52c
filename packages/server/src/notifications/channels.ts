import {
  type Channels,
  defaultChannels,
  type QuietHours,
  urgentNotificationTypes,
} from '@giro/contract/notification-preferences';
import type { NotificationType } from '@giro/contract/notifications';

/** What a member changed from the defaults, per type and channel (stored as given). */
export type StoredChannels = Partial<Record<NotificationType, Partial<Channels>>>;

export function channelsFor(type: NotificationType, stored: StoredChannels | undefined): Channels {
  return { ...defaultChannels(type), ...stored?.[type] };
}

export const isUrgent = (type: NotificationType) => urgentNotificationTypes.includes(type);

/**
 * Where one notification goes. Email is also the fallback for a due payment when push is
 * wanted but the member has no browser subscribed (issue 14): a due payment must reach them.
 */
export function destinations(
  type: NotificationType,
  channels: Channels,
  pushBrowsers: number,
): { inApp: boolean; push: boolean; email: boolean } {
  const push = channels.push && pushBrowsers > 0;
  const fallback = channels.push && pushBrowsers === 0 && isUrgent(type);
  return { inApp: channels.inApp, push, email: channels.email || fallback };
}

const minutes = (clock: string) => Number(clock.slice(0, 2)) * 60 + Number(clock.slice(3, 5));
export const toClock = (m: number) =>
  `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;
export const fromClock = minutes;

/** Minutes after midnight of `now` on the wall clock of `timeZone`. */
function localMinutes(now: Date, timeZone: string): number {
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone,
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(now);
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  return get('hour') * 60 + get('minute');
}

/**
 * When a non-urgent message may go: now, or the end of the member's quiet hours if `now` is in
 * them (they may span midnight: 22:00–07:00). Held, not dropped: it still says what happened.
 * The wait is counted on the wall clock; a change of summer time in it moves that clock an hour,
 * so the moment is set again on the end itself (without it, the night the clocks go back sent at
 * 06:00, inside the quiet hours, and the night they go forward at 08:00). An end the change
 * skips (02:30 that night) keeps the wait as counted: 03:30.
 */
export function sendableAt(now: Date, quiet: QuietHours | null, timeZone: string): Date {
  if (!quiet) return now;
  const from = minutes(quiet.from);
  const to = minutes(quiet.to);
  if (from === to) return now;
  const m = localMinutes(now, timeZone);
  const inQuiet = from < to ? m >= from && m < to : m >= from || m < to;
  if (!inQuiet) return now;
  const wait = (to - m + 1440) % 1440;
  const at = new Date(now.getTime() + wait * 60_000 - now.getSeconds() * 1000 - now.getMilliseconds());
  // The wall clock's distance from the end, between -12 and +12 hours.
  const off = ((to - localMinutes(at, timeZone) + 720 + 1440) % 1440) - 720;
  if (off === 0) return at;
  const onTheEnd = new Date(at.getTime() + off * 60_000);
  return localMinutes(onTheEnd, timeZone) === to ? onTheEnd : at;
}
