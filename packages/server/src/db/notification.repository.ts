import type { Language } from '@giro/contract/errors';
import type { Notification, NotificationType } from '@giro/contract/notifications';
import { and, count, desc, eq, inArray, isNull } from 'drizzle-orm';
import { loadNoticeOverrides } from '../notifications/notice-overrides';
import {
  type NotificationData,
  notificationLink,
  renderNotification,
} from '../notifications/notification-texts';
import type { DbOrTx } from './client';
import { notifications } from './schema';

export interface NewNotification {
  userId: string;
  type: NotificationType;
  data?: NotificationData;
}

export async function insertNotifications(
  tx: DbOrTx,
  list: readonly { organizationId: string | null; note: NewNotification }[],
  now: Date,
): Promise<void> {
  if (list.length === 0) return;
  await tx.insert(notifications).values(
    list.map(({ organizationId, note }) => ({
      userId: note.userId,
      organizationId,
      type: note.type,
      data: note.data ?? {},
      createdAt: now,
    })),
  );
}

/** The notifications of these types in these organizations (the fund's calls to act). */
export async function notificationsOfTypes(
  tx: DbOrTx,
  organizationIds: readonly string[],
  types: readonly NotificationType[],
): Promise<{ id: string; organizationId: string; userId: string; type: NotificationType }[]> {
  if (organizationIds.length === 0 || types.length === 0) return [];
  const rows = await tx
    .select({
      id: notifications.id,
      organizationId: notifications.organizationId,
      userId: notifications.userId,
      type: notifications.type,
    })
    .from(notifications)
    .where(
      and(
        inArray(notifications.organizationId, [...organizationIds]),
        inArray(notifications.type, [...types]),
      ),
    );
  return rows.map((row) => ({
    ...row,
    organizationId: row.organizationId ?? '',
    type: row.type as NotificationType,
  }));
}

export async function deleteNotifications(tx: DbOrTx, ids: readonly string[]): Promise<void> {
  if (ids.length > 0) await tx.delete(notifications).where(inArray(notifications.id, [...ids]));
}

/** The user's notifications, newest first, rendered in their language. */
export async function listNotifications(
  db: DbOrTx,
  userId: string,
  language: Language,
  limit = 50,
): Promise<{ notifications: Notification[]; unread: number }> {
  const overrides = await loadNoticeOverrides(db);
  const [rows, [unread]] = await Promise.all([
    db
      .select()
      .from(notifications)
      .where(eq(notifications.userId, userId))
      .orderBy(desc(notifications.createdAt), desc(notifications.id))
      .limit(limit),
    db
      .select({ n: count() })
      .from(notifications)
      .where(and(eq(notifications.userId, userId), isNull(notifications.readAt))),
  ]);
  return {
    unread: unread?.n ?? 0,
    notifications: rows.map((row) => {
      const type = row.type as NotificationType;
      return {
        id: row.id,
        type,
        ...renderNotification(type, row.data as NotificationData, language, overrides),
        link: notificationLink(type),
        createdAt: row.createdAt.toISOString(),
        read: row.readAt !== null,
      };
    }),
  };
}

/** Deletes one of the user's own notifications; false when there is no such notification of theirs. */
export async function deleteNotification(db: DbOrTx, userId: string, id: string): Promise<boolean> {
  const deleted = await db
    .delete(notifications)
    .where(and(eq(notifications.id, id), eq(notifications.userId, userId)))
    .returning({ id: notifications.id });
  return deleted.length > 0;
}

export async function markNotificationsRead(db: DbOrTx, userId: string, now: Date): Promise<void> {
  await db
    .update(notifications)
    .set({ readAt: now })
    .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)));
}
