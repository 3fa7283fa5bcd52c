import { languageOrDefault } from '@giro/contract/language';
import type { NotificationType } from '@giro/contract/notifications';
import { and, inArray, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { insertNotifications, type NewNotification } from '../db/notification.repository';
import { preferencesOf, type StoredPreferences } from '../db/notification-preferences.repository';
import { claimReminderKeys, reminderKey } from '../db/reminder.queries';
import { outbox, pushSubscriptions, users } from '../db/schema';
import { enqueueMails, type NewMail } from '../mail/enqueue-mail';
import { PUSH_TOPIC, type PushMessage } from '../push/enqueue-push';
import { channelsFor, destinations, isUrgent, sendableAt } from './channels';
import { heldCallOf } from './held-call';
import { loadNoticeOverrides } from './notice-overrides';
import { type NoticeOverrides, notificationLink, renderNotification } from './notification-texts';

export interface Delivery {
  organizationId: string | null;
  note: NewNotification;
  /** A reminder's key (issue 14): given at most once per member, occasion and subject. */
  reminder?: { occasion: string; subject: string };
}

/** How long a push service may hold a push for an offline browser: past it, it says nothing true. */
const ttlSeconds = (type: NotificationType) =>
  type === 'contribution_due_2h' ? 2 * 3600 : type === 'contribution_due_24h' ? 22 * 3600 : 24 * 3600;

/**
 * Everything that tells members of something, in the caller's transaction (issue 14): per
 * member and type, the in-app notification, one push per subscribed browser and the email, as
 * their preferences say; non-urgent push and email wait for the end of their quiet hours. A
 * reminder whose key was given already is dropped here, so a restart, a retry or a second
 * instance never repeats it. A constant number of statements, whatever the number of members.
 * Returns how many in-app notifications were created.
 */
export async function deliverNotifications(
  tx: DbOrTx,
  deliveries: readonly Delivery[],
  now: Date,
  publicUrl: string,
): Promise<number> {
  const fresh = await dropGivenReminders(tx, deliveries, now);
  if (fresh.length === 0) return 0;
  const userIds = [...new Set(fresh.map((d) => d.note.userId))];
  // One after another: a transaction is one connection, which runs one query at a time.
  const prefs = await preferencesOf(tx, userIds);
  const browsers = await browsersOf(tx, userIds);
  const people = await recipients(tx, userIds);
  const overrides = await loadNoticeOverrides(tx);

  const inApp: Delivery[] = [];
  const push: { delivery: Delivery; at: Date; timeZone: string }[] = [];
  const mails: NewMail[] = [];
  for (const delivery of fresh) {
    const { userId, type } = delivery.note;
    const person = people.get(userId);
    if (!person) continue; // a deleted account hears nothing
    const pref = prefs.get(userId) as StoredPreferences;
    const to = destinations(type, channelsFor(type, pref.types), browsers.get(userId)?.length ?? 0);
    const at = isUrgent(type) ? now : sendableAt(now, pref.quietHours, pref.timeZone);
    if (to.inApp) inApp.push(delivery);
    if (to.push) push.push({ delivery, at, timeZone: pref.timeZone });
    if (to.email && person.verified) {
      const text = renderNotification(
        type,
        delivery.note.data ?? {},
        person.language,
        overrides,
        pref.timeZone,
      );
      mails.push({
        to: person.email,
        template: 'notification',
        language: person.language,
        vars: {
          name: person.name,
          title: text.title,
          body: text.body,
          link: `${publicUrl}${notificationLink(type, delivery.note.data)}`,
          settings: `${publicUrl}/account#notifications`,
        },
        availableAt: at,
        call: heldCallOf(delivery.organizationId, type, userId, delivery.note.data),
      });
    }
  }

  await insertNotifications(tx, inApp, now);
  await enqueuePushes(tx, push, { browsers, people, overrides }, now);
  await enqueueMails(tx, mails, now);
  return inApp.length;
}

/** Keeps the deliveries that are not reminders, and the reminders not given before. */
async function dropGivenReminders(tx: DbOrTx, deliveries: readonly Delivery[], now: Date) {
  const keyed = deliveries.filter((d) => d.reminder);
  if (keyed.length === 0) return deliveries;
  const given = await claimReminderKeys(
    tx,
    keyed.map((d) => ({ userId: d.note.userId, ...d.reminder! })),
    now,
  );
  return deliveries.filter(
    (d) => !d.reminder || given.has(reminderKey(d.note.userId, d.reminder.occasion, d.reminder.subject)),
  );
}

/** Each member's subscribed browsers (push subscription ids). */
async function browsersOf(tx: DbOrTx, userIds: readonly string[]): Promise<Map<string, string[]>> {
  const rows = await tx
    .select({ id: pushSubscriptions.id, userId: pushSubscriptions.userId })
    .from(pushSubscriptions)
    .where(inArray(pushSubscriptions.userId, [...userIds]));
  const byUser = new Map<string, string[]>();
  for (const row of rows) byUser.set(row.userId, [...(byUser.get(row.userId) ?? []), row.id]);
  return byUser;
}

interface Recipient {
  email: string;
  name: string;
  language: 'it' | 'en';
  verified: boolean;
}

async function recipients(tx: DbOrTx, userIds: readonly string[]): Promise<Map<string, Recipient>> {
  const rows = await tx
    .select({
      id: users.id,
      email: users.email,
      name: users.displayName,
      language: users.languagePreference,
      verified: sql<boolean>`${users.emailVerifiedAt} is not null`,
    })
    .from(users)
    .where(and(inArray(users.id, [...userIds]), isNull(users.deletedAt)));
  return new Map(
    rows.map((row) => [
      row.id,
      { email: row.email, name: row.name, language: languageOrDefault(row.language), verified: row.verified },
    ]),
  );
}

/**
 * What a push replaces on the device (the service worker's tag): one round's contribution
 * reminders share one, the latest replacing the earlier; a notice about one declaration, one
 * debt or one request has its own, so Bruno's cash to confirm does not hide Anna's; the rest,
 * one per type.
 */
function pushTag({ reminder, note }: Delivery): string {
  if (reminder) return `contribution:${reminder.subject}`;
  const subject = note.data?.contributionId ?? note.data?.debtId ?? note.data?.requestId;
  return subject ? `${note.type}:${subject}` : note.type;
}

/** One outbox row per browser: each is sent and retried on its own (push/send-push.handler). */
async function enqueuePushes(
  tx: DbOrTx,
  list: readonly { delivery: Delivery; at: Date; timeZone: string }[],
  context: { browsers: Map<string, string[]>; people: Map<string, Recipient>; overrides: NoticeOverrides },
  now: Date,
): Promise<void> {
  const { browsers: byUser, people, overrides } = context;
  const rows = list.flatMap(({ delivery, at, timeZone }) => {
    const { userId, type, data } = delivery.note;
    const language = people.get(userId)!.language;
    const message: PushMessage = {
      ...renderNotification(type, data ?? {}, language, overrides, timeZone),
      url: notificationLink(type, data),
      urgency: isUrgent(type) ? 'high' : 'normal',
      ttlSeconds: ttlSeconds(type),
      tag: pushTag(delivery),
      lang: language,
    };
    return (byUser.get(userId) ?? []).map((subscriptionId) => ({
      topic: PUSH_TOPIC,
      payload: {
        subscriptionId,
        userId,
        message,
        call: heldCallOf(delivery.organizationId, type, userId, data),
      },
      availableAt: at,
      createdAt: now,
    }));
  });
  if (rows.length > 0) await tx.insert(outbox).values(rows);
}
