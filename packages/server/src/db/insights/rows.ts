import type { SQL } from 'drizzle-orm';
import type { DbOrTx } from '../client';

/**
 * Runs a read-only SQL query and returns its rows, on PGlite and node-postgres alike. Counts are
 * cast to int in SQL; sums of cents come back as text (bigint) and are turned into numbers by
 * the caller, always within the safe-integer range.
 */
export async function rowsOf<T>(db: DbOrTx, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

/** A UTC calendar day, `YYYY-MM-DD`. */
export const dayOf = (date: Date) => date.toISOString().slice(0, 10);

/** Every UTC day from `days − 1` days before `now` to `now`, oldest first. */
export function lastDays(now: Date, days: number): string[] {
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  return Array.from({ length: days }, (_, i) => dayOf(new Date(today - (days - 1 - i) * 86_400_000)));
}

/** The start of the first of `lastDays(now, days)`. */
export const periodStart = (now: Date, days: number) => new Date(`${lastDays(now, days)[0]}T00:00:00Z`);

/** part ÷ whole, or null when the whole is zero. */
export const ratio = (part: number, whole: number) => (whole > 0 ? part / whole : null);
