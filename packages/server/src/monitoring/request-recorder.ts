import { sql } from 'drizzle-orm';
import type { Logger } from 'pino';
import type { Db } from '../db/client';

export interface RecordedRequest {
  at: Date;
  method: string;
  route: string;
  status: number;
  durationMs: number;
  userId: string | null;
  requestId: string;
}

const CAPACITY = 20_000;
const BATCH = 1_000;
const FLUSH_MS = 1_000;

/**
 * Keeps this instance's API requests in a fixed ring buffer and writes them in batches, so
 * recording costs a request a few array writes and never waits for the database. When the buffer
 * is full (the database is slow or down) the oldest entries are dropped and counted: the log is
 * an aid, not a ledger.
 *
 * The ring is one array per column, numbers in typed arrays, not an object per request: at
 * 20,000 requests a second a batch lives long enough to outlast two scavenges, and every entry
 * kept as an object was promoted to the old generation (a sixth of all promoted bytes in a
 * sampling heap profile at stop 41), feeding the major collections.
 */
export class RequestRecorder {
  private readonly atMs = new Float64Array(CAPACITY);
  private readonly durationMs = new Float64Array(CAPACITY);
  private readonly status = new Uint16Array(CAPACITY);
  private readonly method: string[] = new Array(CAPACITY).fill('');
  private readonly route: string[] = new Array(CAPACITY).fill('');
  private readonly userId: string[] = new Array(CAPACITY).fill('');
  private readonly requestId: string[] = new Array(CAPACITY).fill('');
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
    const slot = (this.head + this.size) % CAPACITY;
    this.atMs[slot] = entry.at.getTime();
    this.durationMs[slot] = entry.durationMs;
    this.status[slot] = entry.status;
    this.method[slot] = entry.method;
    this.route[slot] = entry.route;
    this.userId[slot] = entry.userId ?? '';
    this.requestId[slot] = entry.requestId;
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

  /** Up to a batch of the oldest entries as one text per column, their slots freed. */
  private take(): { rows: number; columns: BatchColumns } | undefined {
    const rows = Math.min(this.size, BATCH);
    if (rows === 0) return undefined;
    const slots = Array.from({ length: rows }, (_, i) => (this.head + i) % CAPACITY);
    const lines = (column: readonly string[]) => packed(slots, (slot) => column[slot] ?? '', '\n');
    // Not String(n): V8 keeps what that makes in its number-to-string cache, so each text outlived
    // scavenges (a fifth of the bytes that did, in a heap profile); these make a text and let it go.
    // Epoch milliseconds and statuses are integers; 17 significant digits give a double exactly.
    const integers = (column: ArrayLike<number>) =>
      packed(slots, (slot) => (column[slot] ?? 0).toFixed(0), ',');
    const doubles = (column: ArrayLike<number>) =>
      packed(slots, (slot) => (column[slot] ?? 0).toPrecision(17), ',');
    const columns: BatchColumns = {
      atMs: integers(this.atMs),
      method: lines(this.method),
      route: lines(this.route),
      status: integers(this.status),
      durationMs: doubles(this.durationMs),
      userId: lines(this.userId),
      requestId: lines(this.requestId),
    };
    // The per-request strings are let go now, not when their slots are next written.
    for (const slot of slots) {
      this.userId[slot] = '';
      this.requestId[slot] = '';
    }
    this.head = (this.head + rows) % CAPACITY;
    this.size -= rows;
    return { rows, columns };
  }

  private async writeBuffered(): Promise<void> {
    for (let batch = this.take(); batch; batch = this.take()) {
      try {
        await this.db.execute(insertStatement(batch.columns));
      } catch (error) {
        this.dropped += batch.rows;
        this.logger.warn({ err: error, rows: batch.rows }, 'api request log: batch not written');
      }
    }
  }
}

/**
 * Each column as one UTF-8 text outside V8's heap: a batch's texts (about 120 KB for a thousand
 * rows) live until their insert returns, long enough to outlast a scavenge or two, and as
 * strings they were the largest part of what a busy instance promoted to the old generation
 * (13 % of the bytes that outlived a scavenge at stop 43), which is what brings on the full
 * collections that set the half-rate tail. node-postgres sends a Buffer in binary format, and a
 * `text` parameter's binary form is its bytes.
 */
interface BatchColumns {
  /** Epoch milliseconds, comma-separated. */
  atMs: Buffer;
  /** Texts one per line: a method, a route template, a UUID (or '' for none) and a request id never hold a newline. */
  method: Buffer;
  route: Buffer;
  userId: Buffer;
  requestId: Buffer;
  /** Numbers, comma-separated. */
  status: Buffer;
  durationMs: Buffer;
}

/** `textOf(slot)` for every slot, separated, as UTF-8 in a buffer of its own. */
function packed(slots: readonly number[], textOf: (slot: number) => string, separator: string): Buffer {
  const texts = slots.map(textOf);
  let length = texts.length - 1;
  for (const text of texts) length += Buffer.byteLength(text);
  const buffer = Buffer.allocUnsafeSlow(Math.max(length, 0));
  let offset = 0;
  for (const [i, text] of texts.entries()) {
    if (i > 0) offset += buffer.write(separator, offset, 'latin1');
    offset += buffer.write(text, offset);
  }
  return buffer;
}

/**
 * A batch as seven text parameters whatever its size, unpacked by `unnest`. Hand-written because
 * Drizzle's `values(rows)` built a parameter per cell (a tenth of a busy instance's CPU, issue
 * 15's profile), and because texts the server splits cost it half of what array literals of
 * timestamps and UUIDs cost it to parse (1.0 against 2.0 ms a thousand rows), and this side a
 * tenth of what node-postgres spends quoting arrays. An empty user id is NULL; a batch whose
 * every user id is empty splits into no elements, and `unnest` pads a shorter array with NULLs. Epoch milliseconds over 1000 as float8 are
 * within 0.3 µs of the instant, so `to_timestamp`'s rounding to microseconds gives it exactly.
 */
function insertStatement(columns: BatchColumns) {
  return sql`insert into api_requests (at, method, route, status, duration_ms, user_id, request_id)
    select to_timestamp(at_ms / 1000), method, route, status, duration_ms, user_id, request_id
    from unnest(
      string_to_array(${columns.atMs}::text, ',')::float8[],
      string_to_array(${columns.method}::text, chr(10)),
      string_to_array(${columns.route}::text, chr(10)),
      string_to_array(${columns.status}::text, ',')::int[],
      string_to_array(${columns.durationMs}::text, ',')::float8[],
      string_to_array(${columns.userId}::text, chr(10), '')::uuid[],
      string_to_array(${columns.requestId}::text, chr(10))
    ) as batch(at_ms, method, route, status, duration_ms, user_id, request_id)`;
}
