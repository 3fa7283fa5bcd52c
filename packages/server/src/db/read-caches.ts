import type { Database } from './client';
import { createReadFence } from './read-fence';
import { SessionCache } from './session-cache';
import { SnapshotCache } from './snapshot-cache';

/** The channel migration 0019's triggers announce changes on ('u:…', 'o:…', 'l:…', '*'). */
export const CACHE_CHANNEL = 'giro_cache';

export interface ReadCaches {
  sessions: SessionCache;
  snapshots: SnapshotCache;
  /** Stops listening (the caches then stop keeping anything). */
  stop(): Promise<void>;
}

/**
 * What this instance keeps in memory of the database (issue 15), listening for its
 * announcements on one connection and fenced by one read fence (db/read-fence.ts).
 */
export async function startReadCaches(database: Database): Promise<ReadCaches> {
  const fence = createReadFence(database.kind);
  const sessions = new SessionCache(database.db, fence);
  const snapshots = new SnapshotCache(database.db, fence);
  const forgetAll = () => {
    sessions.announced('*');
    snapshots.announced('*');
  };
  const stop = await database.listen(
    CACHE_CHANNEL,
    (tag) => {
      sessions.announced(tag);
      snapshots.announced(tag);
    },
    (listening, roundTripHere) => {
      // Whatever was announced while it was down is lost: forget all, on the way down and up.
      forgetAll();
      fence.setListening(listening, roundTripHere);
    },
  );
  return { sessions, snapshots, stop };
}
