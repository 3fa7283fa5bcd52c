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
