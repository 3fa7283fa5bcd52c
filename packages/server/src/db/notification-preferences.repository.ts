import type { QuietHours } from '@giro/contract/notification-preferences';
import { count, eq, inArray, sql } from 'drizzle-orm';
import { fromClock, type StoredChannels, toClock } from '../notifications/channels';
import type { DbOrTx } from './client';
import { notificationPreferences, pushSubscriptions } from './schema';

/** A member's stored choices; a member who never chose has the defaults. */
export interface StoredPreferences {
  types: StoredChannels;
  quietHours: QuietHours | null;
  timeZone: string;
  weeklySummary: boolean;
  calendarGeneration: number;
}

export const DEFAULT_TIME_ZONE = 'Europe/Rome';

const defaults: StoredPreferences = {
  types: {},
  quietHours: null,
  timeZone: DEFAULT_TIME_ZONE,
  weeklySummary: false,
  calendarGeneration: 0,
};

type Row = typeof notificationPreferences.$inferSelect;

function fromRow(row: Row | undefined): StoredPreferences {
  if (!row) return defaults;
  return {
    types: row.types as StoredChannels,
    quietHours:
      row.quietFrom === null || row.quietTo === null
        ? null
        : { from: toClock(row.quietFrom), to: toClock(row.quietTo) },
    timeZone: row.timeZone,
    weeklySummary: row.weeklySummary,
    calendarGeneration: row.calendarGeneration,
  };
}

export async function findPreferences(db: DbOrTx, userId: string): Promise<StoredPreferences> {
  const [row] = await db
    .select()
    .from(notificationPreferences)
    .where(eq(notificationPreferences.userId, userId));
  return fromRow(row);
}

/** The member's row, created with the defaults if needed, locked for this transaction. */
export async function lockPreferences(tx: DbOrTx, userId: string): Promise<StoredPreferences> {
  await tx.insert(notificationPreferences).values({ userId }).onConflictDoNothing();
  const [row] = await tx
    .select()
    .from(notificationPreferences)
    .where(eq(notificationPreferences.userId, userId))
    .for('update');
  return fromRow(row);
}

/** Many members' choices in one read (a reminder to a whole fund). */
export async function preferencesOf(
  db: DbOrTx,
  userIds: readonly string[],
): Promise<Map<string, StoredPreferences>> {
  if (userIds.length === 0) return new Map();
  const rows = await db
    .select()
    .from(notificationPreferences)
    .where(inArray(notificationPreferences.userId, [...userIds]));
  const found = new Map(rows.map((row) => [row.userId, fromRow(row)]));
  return new Map(userIds.map((id) => [id, found.get(id) ?? defaults]));
}

/** Writes the whole set (the use case merged the change into what was stored). */
export async function savePreferences(db: DbOrTx, userId: string, prefs: StoredPreferences): Promise<void> {
  const values = {
    types: prefs.types,
    quietFrom: prefs.quietHours ? fromClock(prefs.quietHours.from) : null,
    quietTo: prefs.quietHours ? fromClock(prefs.quietHours.to) : null,
    timeZone: prefs.timeZone,
    weeklySummary: prefs.weeklySummary,
  };
  await db
    .insert(notificationPreferences)
    .values({ userId, ...values })
    .onConflictDoUpdate({ target: notificationPreferences.userId, set: values });
}

/** A new calendar address: the generation the address is signed with moves on. */
export async function bumpCalendarGeneration(db: DbOrTx, userId: string): Promise<number> {
  const [row] = await db
    .insert(notificationPreferences)
    .values({ userId, calendarGeneration: 1 })
    .onConflictDoUpdate({
      target: notificationPreferences.userId,
      set: { calendarGeneration: sql`${notificationPreferences.calendarGeneration} + 1` },
    })
    .returning({ generation: notificationPreferences.calendarGeneration });
  return row!.generation;
}

/** How many browsers each of these members has subscribed to push. */
export async function pushBrowserCounts(
  db: DbOrTx,
  userIds: readonly string[],
): Promise<Map<string, number>> {
  if (userIds.length === 0) return new Map();
  const rows = await db
    .select({ userId: pushSubscriptions.userId, n: count() })
    .from(pushSubscriptions)
    .where(inArray(pushSubscriptions.userId, [...userIds]))
    .groupBy(pushSubscriptions.userId);
  return new Map(rows.map((row) => [row.userId, row.n]));
}
