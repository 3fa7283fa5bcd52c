import { deepFreeze } from '@giro/domain/deep-freeze';
import { AnnouncedCache } from './announced-cache';
import type { Db } from './client';
import { type OrganizationSnapshot, readOrganizationSnapshot } from './organization-snapshot.queries';
import type { ReadFence } from './read-fence';

/** How the hot views get an organization's snapshot: straight from the database, or through memory. */
export interface SnapshotReader {
  read(organizationId: string, userId: string): Promise<OrganizationSnapshot | undefined>;
}

export const snapshotsFromDatabase = (db: Db): SnapshotReader => ({
  read: (organizationId, userId) => readOrganizationSnapshot(db, organizationId, userId),
});

/**
 * Organization snapshots kept in memory (issue 15): the dashboard, the fund view, the requests
 * view and the resync answer from them while nothing they show has changed. A snapshot carries
 * the organization's tag and the caller's ledger tag ('o:', 'l:', migration 0019) and is
 * forgotten when either is announced; served only past the read fence (db/announced-cache.ts).
 */
export class SnapshotCache implements SnapshotReader {
  readonly #cache: AnnouncedCache<OrganizationSnapshot>;

  constructor(
    private readonly db: Db,
    fence: ReadFence,
  ) {
    // A snapshot holds a fund's whole state: fewer of them than of sessions.
    this.#cache = new AnnouncedCache(fence, { maxEntries: 2_000, maxAgeMs: 60_000 });
  }

  read(organizationId: string, userId: string): Promise<OrganizationSnapshot | undefined> {
    return this.#cache.get(
      `${organizationId}:${userId}`,
      async () => deepFreeze(await readOrganizationSnapshot(this.db, organizationId, userId)),
      () => [`o:${organizationId}`, `l:${userId}`],
    );
  }

  announced(tag: string): void {
    if (tag === '*' || tag.startsWith('o:') || tag.startsWith('l:')) this.#cache.announced(tag);
  }
}
