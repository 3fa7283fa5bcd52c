import type { Db } from './client';
import { touchSessions } from './session.repository';

const FLUSH_MS = 1_000;

/**
 * Sessions' "last seen", written in batches off the request path (issue 15): a request whose
 * session was last seen minutes ago queues it, and one UPDATE a second writes all the queued
 * ones. The request neither waits for that write nor pays its commit. "Last seen" is shown to
 * the member (their sessions) and nothing reads it to decide anything, so a crash that loses a
 * second of them costs a few minutes' precision there, nothing else.
 */
export class SessionTouches {
  readonly #queued = new Set<string>();
  #timer: NodeJS.Timeout | undefined;
  #flushing: Promise<void> = Promise.resolve();

  constructor(private readonly db: Db) {}

  /** The session whose id hashes to `idHash` was just seen. */
  touch(idHash: string): void {
    this.#queued.add(idHash);
    if (!this.#timer) {
      this.#timer = setTimeout(() => void this.flush(), FLUSH_MS);
      this.#timer.unref();
    }
  }

  /** Writes what is queued now; flushes run one after another. */
  flush(): Promise<void> {
    clearTimeout(this.#timer);
    this.#timer = undefined;
    const idHashes = [...this.#queued];
    this.#queued.clear();
    this.#flushing = this.#flushing.then(async () => {
      if (idHashes.length === 0) return;
      // A failed write leaves them as they were (the database is down): an aid, not a record.
      await touchSessions(this.db, idHashes).catch(() => {});
    });
    return this.#flushing;
  }
}
