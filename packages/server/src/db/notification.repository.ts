import type { Language } from '@giro/contract/errors';
import { type Notification, type NotificationType, notificationTypes } from '@giro/contract/notifications';
import { and, eq, inArray, isNull, lt, sql } from 'drizzle-orm';
import { NOTICE_KEY_PATTERN, noticeOverridesFrom } from '../notifications/notice-overrides';
import {
  type NotificationData,
  notificationLink,
  renderNotification,
} from '../notifications/notification-texts';
import type { Db, DbOrTx } from './client';
import { deleteInBatches } from './delete-in-batches';
import { memberDebts, notifications, users } from './schema';

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

/** A member's call to act on the fund (a notification the fund's next change may close). */
export interface FundCall {
  id: string;
  organizationId: string;
  userId: string;
  type: NotificationType;
  /** The declaration a call to confirm cash is about (none before stop 77). */
  contributionId?: string | null;
}

/** The notifications of these types in these organizations (the fund's calls to act). */
export async function notificationsOfTypes(
  tx: DbOrTx,
  organizationIds: readonly string[],
  types: readonly NotificationType[],
): Promise<FundCall[]> {
  if (organizationIds.length === 0 || types.length === 0) return [];
  const rows = await tx
    .select({
      id: notifications.id,
      organizationId: notifications.organizationId,
      userId: notifications.userId,
      type: notifications.type,
      contributionId: sql<string | null>`${notifications.data}->>'contributionId'`,
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

/**
 * Deletes the notifications whose ids are in `ids`, a JSON array: a part of the fund changes' one
 * write statement (db/fund-changes.statement.ts), which closes the calls the changes answered. An
 * empty array deletes nothing. `= any(array(…))`, not `in (select …)`: PostgreSQL guesses a
 * hundred ids from the JSON and, as `in`, hash-joined them against a scan of every notification.
 */
export function closedCallsSql(p: { ids: string }): string {
  return `closed_calls as (
     delete from notifications
     where id = any(array(select value::uuid from jsonb_array_elements_text(${p.ids}::jsonb)))
     returning 1)`;
}

/** The parameter of `closedCallsSql`. */
export function closedCallsValues(ids: readonly string[]): unknown[] {
  return [JSON.stringify(ids)];
}

interface ListedRow {
  id: string;
  type: string;
  data: NotificationData;
  read: boolean;
  createdAtMs: number;
}

/**
 * A member's notifications, how many are unread, and the texts admins edited, in one prepared
 * statement: the socket's resync and the alerts list read them on every reconnect and open
 * (issue 15; they took three statements in two round trips).
 */
export function notificationListQuery(db: Db) {
  const user = sql.placeholder('userId');
  return db
    .select({
      rows: sql<ListedRow[]>`(
        select coalesce(json_agg(json_build_object(
          'id', n.id, 'type', n.type, 'data', n.data, 'read', n.read_at is not null,
          'createdAtMs', floor(extract(epoch from n.created_at) * 1000)::bigint
        ) order by n.created_at desc, n.id desc), '[]'::json)
        from (select * from notifications where user_id = ${user}::uuid
              order by created_at desc, id desc limit ${sql.placeholder('limit')}) n)`,
      unread: sql<number>`(
        select count(*)::int from notifications where user_id = ${user}::uuid and read_at is null)`,
      overrides: sql<{ key: string; language: string; title: string; body: string }[]>`(
        select coalesce(json_agg(json_build_object(
          'key', t.key, 'language', t.language, 'title', t.subject, 'body', t.body)), '[]'::json)
        from email_templates t where t.key like ${NOTICE_KEY_PATTERN})`,
      // The times the texts name ("the window closes at 12:00") are on the member's own clock, as
      // in their pushes and emails: a member in New York read Rome's hours here, and 6 h apart.
      timeZone: sql<string | null>`(
        select p.time_zone from notification_preferences p where p.user_id = ${user}::uuid)`,
    })
    .from(users)
    .where(eq(users.id, user));
}

/** Prepared once per connection pool; its plan is held to its indexes by test/statement-plans.test.ts. */
const prepareNotificationList = (db: Db) => notificationListQuery(db).prepare('notification_list');

const prepared = new WeakMap<Db, ReturnType<typeof prepareNotificationList>>();

/** The user's notifications, newest first, rendered in their language and on their clock. */
export async function listNotifications(
  db: Db,
  userId: string,
  language: Language,
  limit = 50,
): Promise<{ notifications: Notification[]; unread: number }> {
  let statement = prepared.get(db);
  if (!statement) {
    statement = prepareNotificationList(db);
    prepared.set(db, statement);
  }
  const [found] = await statement.execute({ userId, limit });
  if (!found) return { notifications: [], unread: 0 };
  const overrides = noticeOverridesFrom(found.overrides);
  return {
    unread: Number(found.unread),
    // A type this release does not know was written by a newer one during a rolling upgrade:
    // left out of the list until this instance is replaced, not a 500 for the whole list.
    notifications: found.rows.filter(isKnownType).map((row) => {
      const type = row.type as NotificationType;
      return {
        id: row.id,
        type,
        ...renderNotification(type, row.data, language, overrides, found.timeZone ?? undefined),
        link: notificationLink(type, row.data),
        createdAt: new Date(Number(row.createdAtMs)).toISOString(),
        read: row.read,
      };
    }),
  };
}

const isKnownType = (row: { type: string }) => (notificationTypes as readonly string[]).includes(row.type);

/**
 * A creditor's calls to answer a repayment by hand ("confirm it, or say it never came", and its
 * reminder), deleted once none of the repayments declared to her waits for her answer: they name
 * no debt, so they close together. One statement, one snapshot: a repayment declared to her and
 * committed meanwhile is seen with its notice, or neither is (two statements could delete the
 * fresh notice after finding nothing waiting).
 */
export async function closeAnsweredRepaymentCalls(db: DbOrTx, creditorId: string): Promise<void> {
  await db.delete(notifications).where(
    and(
      eq(notifications.userId, creditorId),
      inArray(notifications.type, ['debt_repayment_declared', 'debt_repayment_unanswered']),
      sql`not exists (select 1 from ${memberDebts} where ${memberDebts.creditorId} = ${creditorId}
          and ${memberDebts.status} = 'open' and ${memberDebts.repaymentDeclaredAt} is not null)`,
    ),
  );
}

/**
 * A debtor's call to repay one debt ("time to repay"), deleted once that debt is no longer his to
 * repay: declared by hand, under way through the platform, or written off. It names its debt, so
 * it closes with it, in the transaction that holds that debt's lock.
 */
export async function closeDebtDueCall(db: DbOrTx, debtorId: string, debtId: string): Promise<void> {
  await db
    .delete(notifications)
    .where(
      and(
        eq(notifications.userId, debtorId),
        eq(notifications.type, 'debt_due'),
        sql`${notifications.data}->>'debtId' = ${debtId}`,
      ),
    );
}

/**
 * The news of covers, deleted when it stops being true. "She covered you: you will repay her once
 * the round is paid out" (to the member covered) goes when the round pays out (the call to repay,
 * debt_due, says it now); with "she covered his contribution" (to the recipient), when the cover
 * is `undone` (its debt cancelled; the member is told to pay). A debt's id is its cover's. One
 * from before stop 77 names no debt, and stays.
 */
export async function closeCoverNews(
  db: DbOrTx,
  organizationId: string,
  debtIds: readonly string[],
  { undone }: { undone: boolean },
): Promise<void> {
  if (debtIds.length === 0) return;
  await db
    .delete(notifications)
    .where(
      and(
        eq(notifications.organizationId, organizationId),
        inArray(
          notifications.type,
          undone ? ['contribution_covered', 'cover_received'] : ['contribution_covered'],
        ),
        inArray(sql`${notifications.data}->>'debtId'`, [...debtIds]),
      ),
    );
}

/** A member's calls to connect a payout account, deleted once one is active (record-account-status.ts). */
export async function closePayoutAccountCall(db: DbOrTx, userId: string): Promise<void> {
  await db
    .delete(notifications)
    .where(and(eq(notifications.userId, userId), eq(notifications.type, 'payout_account_required')));
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

/** How long a notification is kept: the alerts list shows a member's newest 50, calls to act close long before. */
export const NOTIFICATION_RETENTION_DAYS = 180;

/** Deletes the notifications older than the retention, by the app's clock (which dated them), in batches. */
export function pruneOldNotifications(db: DbOrTx, now: Date): Promise<number> {
  const before = new Date(now.getTime() - NOTIFICATION_RETENTION_DAYS * 86_400_000);
  return deleteInBatches(
    db,
    notifications,
    notifications.id,
    lt(notifications.createdAt, before),
    notifications.createdAt,
  );
}
