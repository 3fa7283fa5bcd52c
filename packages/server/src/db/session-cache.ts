import { AnnouncedCache } from './announced-cache';
import type { Db } from './client';
import type { ReadFence } from './read-fence';
import { findSignedInUserByHash, type SignedInUser } from './session.repository';

/**
 * Signed-in sessions kept in memory (issue 15): the session statement is the cost of every
 * signed-in request. Forgotten when the database announces a change to the user or any of
 * their sessions (migration 0019), and served only past the read fence, so a sign-out, a
 * password change, a role change, an expulsion or a deletion is seen by the very next request
 * on any instance (db/announced-cache.ts says how).
 */
export class SessionCache {
  readonly #cache: AnnouncedCache<SignedInUser>;

  constructor(
    private readonly db: Db,
    fence: ReadFence,
  ) {
    this.#cache = new AnnouncedCache(fence, { maxEntries: 20_000, maxAgeMs: 60_000 });
  }

  /** The member signed in by the session whose id hashes to `idHash`, if it is live. */
  find(idHash: string): Promise<SignedInUser | undefined> {
    return this.#cache.get(
      idHash,
      async () => {
        const found = await findSignedInUserByHash(this.db, idHash);
        // Shared by every request it serves: nothing may change it.
        if (found) Object.freeze(found.user);
        return found;
      },
      (found) => [`u:${found.user.id}`],
      (found, now) => found.expiresAt.getTime() > now,
    );
  }

  /** The session's "last seen" was just written (not announced: it changes nothing read). */
  touched(idHash: string, at: Date): void {
    const found = this.#cache.peek(idHash);
    if (found) found.lastSeenAt = at;
  }

  announced(tag: string): void {
    if (tag === '*' || tag.startsWith('u:')) this.#cache.announced(tag);
  }
}
