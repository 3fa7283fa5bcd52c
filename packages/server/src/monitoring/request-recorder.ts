import { sql } from 'drizzle-orm';
import type { Logger } from 'pino';
import type { Db } from '../db/client';
import type { apiRequests } from '../db/schema';

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
        await this.db.execute(insertStatement(rows));
      } catch (error) {
        this.dropped += rows.length;
        this.logger.warn({ err: error, rows: rows.length }, 'api request log: batch not written');
      }
    }
  }
}

/**
 * A batch as one column array per field (`unnest`): seven parameters whatever the batch's size.
 * Hand-written because Drizzle's `values(rows)` built a parameter per cell, and building a
 * thousand-row statement was a tenth of the CPU of a busy instance (issue 15's profile).
 */
function insertStatement(rows: readonly RecordedRequest[]) {
  const column = <T>(pick: (row: RecordedRequest) => T) => sql.param(rows.map(pick));
  return sql`insert into api_requests (at, method, route, status, duration_ms, user_id, request_id)
    select * from unnest(
      ${column((r) => (r.at instanceof Date ? r.at.toISOString() : r.at))}::timestamptz[],
      ${column((r) => r.method)}::text[],
      ${column((r) => r.route)}::text[],
      ${column((r) => r.status)}::int[],
      ${column((r) => r.durationMs)}::float8[],
      ${column((r) => r.userId ?? null)}::uuid[],
      ${column((r) => r.requestId)}::text[])`;
}
