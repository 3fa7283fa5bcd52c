/**
 * The name of the unique constraint a statement violated (SQLSTATE 23505), or undefined.
 * Both drivers report it, possibly wrapped by Drizzle in `cause`.
 */
export function isUniqueViolation(error: unknown): string | undefined {
  for (
    let current = error as { code?: string; constraint?: string; cause?: unknown } | undefined;
    current;
  ) {
    if (current.code === '23505') return current.constraint ?? 'unknown';
    current = current.cause as typeof current;
  }
  return undefined;
}

/**
 * The SQLSTATE of the error PostgreSQL answered (a failed statement), possibly wrapped by
 * Drizzle in `cause`; undefined for any other error (a lost connection, a bug of ours).
 */
export function sqlStateOf(error: unknown): string | undefined {
  for (let current = error as { code?: unknown; cause?: unknown } | undefined; current; ) {
    if (typeof current.code === 'string' && /^[0-9A-Z]{5}$/.test(current.code)) return current.code;
    current = current.cause as typeof current;
  }
  return undefined;
}

/**
 * Runs a transaction, and runs it again (up to three times in all) when PostgreSQL ended it as
 * a deadlock (SQLSTATE 40P01): a membership change holds its member and then needs the
 * organization's fund, where an expulsion holds the fund and then needs that member. The
 * transaction rolled back whole, so asking again is safe.
 */
export async function retriedOnDeadlock<T>(run: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await run();
    } catch (error) {
      if (attempt >= 3 || sqlStateOf(error) !== '40P01') throw error;
    }
  }
}
