import type { ReadFence } from './read-fence';

interface Entry<V> {
  value: V;
  tags: string[];
  storedAt: number;
}

/** How many recent announcements a read in flight can be checked against (see `#announcedSince`). */
const RECENT = 1024;

/**
 * Values read from the database and kept in memory until the database announces a change to
 * them (db/read-caches.ts, issue 15). Each value carries tags ('u:<user id>', 'o:<org id>', …):
 * an announcement of a tag forgets every value that carries it, '*' forgets everything.
 * - A value is served from memory only after the read fence has passed: every change
 *   committed before the request arrived has been heard, on this instance, by then.
 * - A value read from the database is kept only if none of its tags was announced while the
 *   read was in flight (else it may predate the change and would outlive its announcement).
 * - Nothing is kept or served while the fence cannot hear announcements.
 */
export class AnnouncedCache<V> {
  readonly #entries = new Map<string, Entry<V>>();
  readonly #byTag = new Map<string, Set<string>>();
  /** Announcements so far, and the last RECENT of them by number. */
  #announcements = 0;
  readonly #recent: string[] = [];

  constructor(
    private readonly fence: ReadFence,
    private readonly limits: { maxEntries: number; maxAgeMs: number },
    private readonly now: () => number = Date.now,
  ) {}

  /**
   * The value under `key`: from memory if there and still `valid`, else from `read`, kept under
   * the tags `tagsOf` gives it.
   */
  async get(
    key: string,
    read: () => Promise<V | undefined>,
    tagsOf: (value: V) => string[],
    valid: (value: V, now: number) => boolean = () => true,
  ): Promise<V | undefined> {
    if (this.#entries.has(key) && (await this.fence.pass())) {
      const entry = this.#entries.get(key);
      const now = this.now();
      if (entry && now - entry.storedAt < this.limits.maxAgeMs && valid(entry.value, now)) return entry.value;
    }
    const before = this.#announcements;
    const value = await read();
    this.#forget(key);
    if (value !== undefined && this.fence.listening) {
      const tags = tagsOf(value);
      if (!this.#announcedSince(before, tags)) this.#keep(key, value, tags);
    }
    return value;
  }

  /** The kept value under `key`, if any, to amend in place (a session's "last seen"). */
  peek(key: string): V | undefined {
    return this.#entries.get(key)?.value;
  }

  /** A tag changed in the database ('*': everything did, or we may have missed what did). */
  announced(tag: string): void {
    this.#recent[this.#announcements % RECENT] = tag;
    this.#announcements++;
    if (tag === '*') {
      this.#entries.clear();
      this.#byTag.clear();
      return;
    }
    for (const key of this.#byTag.get(tag) ?? []) this.#forget(key);
  }

  #announcedSince(before: number, tags: string[]): boolean {
    if (this.#announcements === before) return false;
    if (this.#announcements - before > RECENT) return true;
    for (let n = before; n < this.#announcements; n++) {
      const tag = this.#recent[n % RECENT];
      if (tag === '*' || (tag !== undefined && tags.includes(tag))) return true;
    }
    return false;
  }

  #keep(key: string, value: V, tags: string[]) {
    if (this.#entries.size >= this.limits.maxEntries) {
      const oldest = this.#entries.keys().next().value;
      if (oldest !== undefined) this.#forget(oldest);
    }
    this.#entries.set(key, { value, tags, storedAt: this.now() });
    for (const tag of tags) {
      const keys = this.#byTag.get(tag) ?? new Set<string>();
      keys.add(key);
      this.#byTag.set(tag, keys);
    }
  }

  #forget(key: string) {
    const entry = this.#entries.get(key);
    if (!entry) return;
    this.#entries.delete(key);
    for (const tag of entry.tags) {
      const keys = this.#byTag.get(tag);
      keys?.delete(key);
      if (keys?.size === 0) this.#byTag.delete(tag);
    }
  }
}
