import type { Database, Db } from './client';
import { createReadFence, type ReadFence } from './read-fence';
import { findSignedInUserByHash, type SignedInUser } from './session.repository';

/** The channel migration 0019's triggers announce changed users and sessions on. */
export const SESSIONS_CHANNEL = 'giro_sessions';
/** Entries kept at most (the oldest go first), and for how long at most. */
const MAX_ENTRIES = 20_000;
const MAX_AGE_MS = 60_000;

interface Entry extends SignedInUser {
  storedAt: number;
}

/**
 * Signed-in sessions kept in memory (issue 15): the session statement is the cost of every
 * signed-in request. Kept exact on every instance:
 * - the database announces every change to a user or a session (migration 0019's triggers),
 *   whichever code path made it, and each instance forgets what was announced;
 * - a request served from memory first passes a read fence (db/read-fence.ts): every change
 *   committed before it arrived has been heard, so a sign-out, a password change, a role change,
 *   an expulsion or a deletion is seen by the very next request on any instance;
 * - a session read from the database is kept only if nothing was announced while it was read;
 * - while the listening connection is down nothing is kept or served from memory.
 */
export class SessionCache {
  readonly #entries = new Map<string, Entry>();
  readonly #byUser = new Map<string, Set<string>>();
  /** Moves with every announcement: a read that saw it move keeps nothing. */
  #generation = 0;

  constructor(
    private readonly db: Db,
    private readonly fence: ReadFence,
    private readonly now: () => number = Date.now,
  ) {}

  /** The member signed in by the session whose id hashes to `idHash`, if it is live. */
  async find(idHash: string): Promise<SignedInUser | undefined> {
    if (this.#entries.has(idHash) && (await this.fence.pass())) {
      const entry = this.#entries.get(idHash);
      const now = this.now();
      if (entry && entry.expiresAt.getTime() > now && now - entry.storedAt < MAX_AGE_MS) return entry;
    }
    const generation = this.#generation;
    const found = await findSignedInUserByHash(this.db, idHash);
    this.#forget(idHash);
    if (found && generation === this.#generation && this.fence.listening) this.#keep(idHash, found);
    return found;
  }

  /** The session's "last seen" was just written. */
  touched(idHash: string, at: Date): void {
    const entry = this.#entries.get(idHash);
    if (entry) entry.lastSeenAt = at;
  }

  /** A notification on SESSIONS_CHANNEL: a user's id, or '*' for everyone. */
  announced(payload: string): void {
    this.#generation++;
    if (payload === '*') {
      this.#entries.clear();
      this.#byUser.clear();
      return;
    }
    const keys = this.#byUser.get(payload);
    if (!keys) return;
    this.#byUser.delete(payload);
    for (const key of keys) this.#entries.delete(key);
  }

  #keep(idHash: string, found: SignedInUser) {
    if (this.#entries.size >= MAX_ENTRIES) {
      const oldest = this.#entries.keys().next().value;
      if (oldest !== undefined) this.#forget(oldest);
    }
    Object.freeze(found.user);
    this.#entries.set(idHash, { ...found, storedAt: this.now() });
    const keys = this.#byUser.get(found.user.id) ?? new Set<string>();
    keys.add(idHash);
    this.#byUser.set(found.user.id, keys);
  }

  #forget(idHash: string) {
    const entry = this.#entries.get(idHash);
    if (!entry) return;
    this.#entries.delete(idHash);
    const keys = this.#byUser.get(entry.user.id);
    keys?.delete(idHash);
    if (keys?.size === 0) this.#byUser.delete(entry.user.id);
  }

  /** Forgets everything: the listening connection went down, so announcements may be lost. */
  clear(): void {
    this.announced('*');
  }
}

/** A cache of this database's sessions, listening for its announcements until stopped. */
export async function startSessionCache(
  database: Database,
): Promise<{ cache: SessionCache; stop: () => Promise<void> }> {
  const fence = createReadFence(database, SESSIONS_CHANNEL);
  const cache = new SessionCache(database.db, fence);
  const stop = await database.listen(
    SESSIONS_CHANNEL,
    (payload) => {
      if (!fence.heard(payload)) cache.announced(payload);
    },
    (listening) => {
      cache.clear();
      fence.setListening(listening);
    },
  );
  return { cache, stop };
}
