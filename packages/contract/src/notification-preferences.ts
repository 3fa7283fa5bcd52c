import { z } from 'zod';
import { type NotificationType, notificationTypes } from './notifications';

/** Where one type of notification reaches the member (issue 14). */
export const channelsSchema = z.strictObject({ inApp: z.boolean(), push: z.boolean(), email: z.boolean() });
export type Channels = z.infer<typeof channelsSchema>;

const clockTime = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/);

/** An IANA time zone the runtime knows ("Europe/Rome"). */
export const timeZoneSchema = z
  .string()
  .max(64)
  .refine((zone) => {
    try {
      new Intl.DateTimeFormat('en', { timeZone: zone });
      return true;
    } catch {
      return false;
    }
  }, 'unknown time zone');

/** Hours in which nothing non-urgent is pushed or mailed: held until they end (in `timeZone`). */
export const quietHoursSchema = z.strictObject({ from: clockTime, to: clockTime });
export type QuietHours = z.infer<typeof quietHoursSchema>;

export const notificationPreferencesSchema = z.object({
  types: z.record(z.enum(notificationTypes), channelsSchema),
  quietHours: quietHoursSchema.nullable(),
  timeZone: z.string(),
  weeklySummary: z.boolean(),
  /** How many of the member's browsers receive push. */
  pushBrowsers: z.number().int(),
});
export type NotificationPreferences = z.infer<typeof notificationPreferencesSchema>;

/** A change: only the types, fields and channels named change. */
export const notificationPreferencesUpdateSchema = z.strictObject({
  types: z.partialRecord(z.enum(notificationTypes), channelsSchema.partial().strict()).optional(),
  quietHours: quietHoursSchema.nullable().optional(),
  timeZone: timeZoneSchema.optional(),
  weeklySummary: z.boolean().optional(),
});
export type NotificationPreferencesUpdate = z.infer<typeof notificationPreferencesUpdateSchema>;

/** A payment due or failing: sent at once, even in quiet hours, with high urgency. */
export const urgentNotificationTypes: readonly NotificationType[] = [
  'contribution_due_24h',
  'contribution_due_2h',
  'payment_confirmation_required',
  'payment_failed',
  'cover_failed',
  'contribution_not_received',
];

/** Due payments reach every channel by default (issue 14); everything else the app and push. */
const everyChannelByDefault: readonly NotificationType[] = [
  ...urgentNotificationTypes,
  'contribution_window_open',
];

export function defaultChannels(type: NotificationType): Channels {
  return { inApp: true, push: true, email: everyChannelByDefault.includes(type) };
}

/** The secret address of the member's calendar (iCalendar). */
export const calendarFeedSchema = z.object({ url: z.string() });
