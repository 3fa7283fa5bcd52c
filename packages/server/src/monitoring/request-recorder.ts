import type { Logger } from 'pino';
import type { Db } from '../db/client';
import { apiRequests } from '../db/schema';

export type RecordedRequest = typeof apiRequests.$inferInsert;

const CAPACITY = 20_000;
const BATCH = 1_000;
const FLUSH_MS = 1_000;

/**
 * Keeps this instance's API requests in a fixed ring buffer and writes them in batches, so
 * recording costs a request one array write and never waits for the database. When the buffer
 * is full (the database is slow or down) the oldest entries are dropped and counted: the log is
 * an aid, not a ledger.
 */
export class RequestRecorder {
  private readonly ring: (RecordedRequest | undefined)[] = new Array(CAPACITY);
  private head = 0;
  private size = 0;
  private dropped = 0;
  private timer: NodeJS.Timeout | undefined;
  private flushing: Promise<void> = Promise.resolve();

  constructor(
    private readonly db: Db,
    private readonly logger: Logger,
  ) {}

  get buffered(): number {
    return this.size;
  }

  get droppedCount(): number {
    return this.dropped;
  }

  record(entry: RecordedRequest): void {
    if (this.size === CAPACITY) {
      this.head = (this.head + 1) % CAPACITY;
      this.size -= 1;
      this.dropped += 1;
    }
    this.ring[(this.head + this.size) % CAPACITY] = entry;
    this.size += 1;
    if (this.size === BATCH) void this.flush();
  }

  start(): void {
    clearInterval(this.timer);
    this.timer = setInterval(() => void this.flush(), FLUSH_MS);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    this.timer = undefined;
    await this.flush();
  }

  /** Writes what is buffered now; flushes run one after another. */
  flush(): Promise<void> {
    this.flushing = this.flushing.then(() => this.writeBuffered());
    return this.flushing;
  }

  private take(): RecordedRequest[] {
    const rows: RecordedRequest[] = [];
    while (this.size > 0 && rows.length < BATCH) {
      rows.push(this.ring[this.head]!);
      this.ring[this.head] = undefined;
      this.head = (this.head + 1) % CAPACITY;
      this.size -= 1;
    }
    return rows;
  }

  private async writeBuffered(): Promise<void> {
    for (let rows = this.take(); rows.length > 0; rows = this.take()) {
      try {
        await this.db.insert(apiRequests).values(rows);
      } catch (error) {
        this.dropped += rows.length;
        this.logger.warn({ err: error, rows: rows.length }, 'api request log: batch not written');
      }
    }
  }
}
