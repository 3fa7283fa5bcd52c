/**
 * Freezes `value` and everything in it. States and views are values: the server shares what it
 * keeps in memory with every request (db/snapshot-cache.ts), writes a fund's new state as what
 * changed from the old by identity (db/fund-state-patch.ts), and the fund tests keep their
 * states so, where a change in place throws.
 */
export function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const child of Object.values(value)) deepFreeze(child);
  }
  return value;
}
