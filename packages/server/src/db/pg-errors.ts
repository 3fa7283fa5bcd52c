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
