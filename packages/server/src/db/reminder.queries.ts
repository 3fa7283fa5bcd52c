import type { FundState } from '@giro/domain/fund/fund-types';
import { asc, isNotNull, lt, lte, sql } from 'drizzle-orm';
import type { DbOrTx } from './client';
import { nextReminderSql, reminderMomentsSql } from './fund.repository';
import { funds, sentReminders } from './schema';

export interface RemindableFund {
  id: string;
  organizationId: string;
  state: FundState;
  remindersThrough: Date | null;
}

/**
 * Claims funds with a reminder due, skipping those another worker or a fund command holds
 * (`FOR UPDATE SKIP LOCKED`): the state read is the one the reminder is given on, and a
 * payment made meanwhile waits for it (or it for the payment).
 */
export async function claimDueReminders(tx: DbOrTx, now: Date, limit: number): Promise<RemindableFund[]> {
  const rows = await tx
    .select({
      id: funds.id,
      organizationId: funds.organizationId,
      state: funds.state,
      remindersThrough: funds.remindersThrough,
    })
    .from(funds)
    .where(lte(funds.nextReminderAt, now))
    .orderBy(asc(funds.nextReminderAt))
    .limit(limit)
    .for('update', { skipLocked: true });
  return rows.map((row) => ({ ...row, state: row.state as FundState }));
}

export async function earliestReminder(db: DbOrTx): Promise<Date | null> {
  const [row] = await db
    .select({ at: funds.nextReminderAt })
    .from(funds)
    .where(isNotNull(funds.nextReminderAt))
    .orderBy(asc(funds.nextReminderAt))
    .limit(1);
  return row?.at ?? null;
}

/** Reminders up to `now` are given for these funds: the next is the first moment after it. */
export async function markReminded(tx: DbOrTx, list: readonly RemindableFund[], now: Date): Promise<void> {
  if (list.length === 0) return;
  const rows = list.map((fund) => sql`(${fund.id}::uuid, ${reminderMomentsSql(fund.state)})`);
  const through = sql`${now.toISOString()}::timestamptz`;
  await tx.execute(sql`
    update funds as f set reminders_through = ${through},
      next_reminder_at = ${nextReminderSql(sql`v.moments`, through)}
    from (values ${sql.join(rows, sql`, `)}) as v(id, moments)
    where f.id = v.id`);
}

/** How long a reminder's key is kept: far past any round whose moment could come again. */
export const SENT_REMINDER_DAYS = 90;

/**
 * Forgets the keys of reminders given long ago (a key names one round's moment or one week,
 * which never come back, so an old key guards nothing). Idempotent: every instance may run it.
 */
export async function pruneSentReminders(db: DbOrTx, now: Date): Promise<void> {
  await db
    .delete(sentReminders)
    .where(lt(sentReminders.createdAt, new Date(now.getTime() - SENT_REMINDER_DAYS * 86_400_000)));
}

/**
 * Records these reminder keys and answers those that were new: ON CONFLICT DO NOTHING, so a
 * key given before (by a restart, a retry, another instance) is not given again.
 */
export async function claimReminderKeys(
  tx: DbOrTx,
  keys: readonly { userId: string; occasion: string; subject: string }[],
  now: Date,
): Promise<Set<string>> {
  if (keys.length === 0) return new Set();
  const inserted = await tx
    .insert(sentReminders)
    .values(keys.map((key) => ({ ...key, createdAt: now })))
    .onConflictDoNothing()
    .returning({
      userId: sentReminders.userId,
      occasion: sentReminders.occasion,
      subject: sentReminders.subject,
    });
  return new Set(inserted.map((row) => reminderKey(row.userId, row.occasion, row.subject)));
}

export const reminderKey = (userId: string, occasion: string, subject: string) =>
  `${userId}|${occasion}|${subject}`;
