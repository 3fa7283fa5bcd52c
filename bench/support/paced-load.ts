import { connect, type Socket } from 'node:net';
import { percentile, sleep } from './report';
import type { LoadResult } from './resync-load';

/**
 * GETs at a steady `rate` a second, spaced evenly (a tick every millisecond sends what is owed), on at
 * most `connections` kept-alive connections: the latency a member sees at a given load.
 * autocannon's own `overallRate` lets each connection send its whole second's quota at once,
 * so its p99 at half rate is really a burst at full rate.
 *
 * The client is as light as autocannon's: each request is the same bytes written to a raw
 * socket, each answer found by its Content-Length (or its last chunk). node:http's client cost this process more
 * than the server it measured (two cores shared), so its queueing, not the server, set the p99.
 * A request owed while every connection is busy waits, and its latency counts from when it was
 * owed, not from when it left.
 */
export async function pacedLoad(options: {
  url: string;
  headers: Record<string, string>;
  rate: number;
  connections: number;
  durationMs: number;
  expect?: number;
}): Promise<LoadResult> {
  const url = new URL(options.url);
  const head = [
    `GET ${url.pathname}${url.search} HTTP/1.1`,
    `Host: ${url.host}`,
    'Connection: keep-alive',
    ...Object.entries(options.headers).map(([name, value]) => `${name}: ${value}`),
  ];
  const bytes = Buffer.from(`${head.join('\r\n')}\r\n\r\n`);
  const expect = options.expect ?? 200;
  // The first second opens the connections and is not counted.
  const WARMUP_MS = 1000;
  const latencies: number[] = [];
  const owedAt: number[] = [];
  const idle: Connection[] = [];
  const all: Connection[] = [];
  let failed = 0;
  let sent = 0;
  let pending = 0;
  const begun = performance.now();

  const done = (started: number, status: number) => {
    pending--;
    if (status !== expect) failed++;
    if (started - begun >= WARMUP_MS) latencies.push(performance.now() - started);
  };
  const dispatch = () => {
    while (owedAt.length > 0) {
      const connection = idle.pop() ?? (all.length < options.connections ? open() : undefined);
      if (!connection) return;
      connection.send(owedAt.shift()!);
    }
  };
  const open = () => {
    const connection = new Connection(url, bytes, done, (self) => {
      idle.push(self);
      dispatch();
    });
    all.push(connection);
    return connection;
  };

  const timer = setInterval(() => {
    const owed = Math.floor(((performance.now() - begun) / 1000) * options.rate);
    for (; sent < owed; sent++) {
      owedAt.push(performance.now());
      pending++;
    }
    dispatch();
  }, 1);
  await sleep(WARMUP_MS + options.durationMs);
  clearInterval(timer);
  for (let waited = 0; pending > 0 && waited < 5000; waited += 50) await sleep(50);
  for (const connection of all) connection.close();
  failed += pending;
  if (failed > 0) throw new Error(`${options.url}: ${failed} of ${sent} paced requests failed`);
  return {
    requestsPerSecond: Math.round(latencies.length / (options.durationMs / 1000)),
    p50Ms: Math.round(percentile(latencies, 50) * 10) / 10,
    p99Ms: Math.round(percentile(latencies, 99) * 10) / 10,
  };
}

const HEAD_END = Buffer.from('\r\n\r\n');
const LENGTH = [Buffer.from('\r\ncontent-length:'), Buffer.from('\r\nContent-Length:')];
const CHUNKED = [
  Buffer.from('\r\ntransfer-encoding: chunked'),
  Buffer.from('\r\nTransfer-Encoding: chunked'),
];
const LAST_CHUNK = Buffer.from('\r\n0\r\n\r\n');

/**
 * One kept-alive connection: one request at a time, its answer framed by Content-Length (or, for
 * small JSON, by its last chunk). Every read lands in one buffer the connection keeps (`onread`)
 * and is framed where it lies: no Buffer or string a read. Reading a copy of each answer made
 * this process collect garbage in proportion to the answers' size; on two shared cores its
 * scavenges stretched to 5–10 ms, eight or nine a run with the 4 KB fund view, and every
 * request owed meanwhile counted the pause as the server's (stop 47).
 */
class Connection {
  readonly #socket: Socket;
  readonly #buffer = Buffer.allocUnsafe(64 * 1024);
  #started = 0;
  /** Bytes of the current answer's body still to come; -1 while its head is being read. */
  #bodyLeft = -1;
  #status = 0;
  /** A head split across reads, or a chunked answer, kept until it is whole (rare). */
  #kept: Buffer | null = null;

  constructor(
    url: URL,
    private readonly bytes: Buffer,
    private readonly done: (started: number, status: number) => void,
    private readonly free: (self: Connection) => void,
  ) {
    this.#socket = connect({
      port: Number(url.port),
      host: url.hostname,
      onread: {
        buffer: this.#buffer,
        callback: (length) => {
          this.#read(this.#buffer, length);
          return true;
        },
      },
    });
    this.#socket.setNoDelay(true);
    this.#socket.on('error', () => {});
  }

  send(owedAt: number) {
    this.#started = owedAt;
    this.#socket.write(this.bytes);
  }

  close() {
    this.#socket.destroy();
  }

  #read(buffer: Buffer, length: number) {
    let at = 0;
    while (at < length) {
      if (this.#bodyLeft >= 0) {
        const taken = Math.min(this.#bodyLeft, length - at);
        at += taken;
        this.#bodyLeft -= taken;
        if (this.#bodyLeft === 0) this.#answered();
      } else if (this.#kept === null) {
        const end = buffer.indexOf(HEAD_END, at);
        // Past `length` the buffer holds an earlier read's bytes: a match there is not one.
        if (end < 0 || end + 4 > length || !this.#head(buffer, at, end, length)) {
          this.#kept = Buffer.from(buffer.subarray(at, length));
          return;
        }
        at = end + 4;
        if (this.#bodyLeft === 0) this.#answered();
      } else {
        // The slow path: what is kept grows by this read and is framed whole.
        const kept = Buffer.concat([this.#kept, buffer.subarray(at, length)]);
        this.#kept = null;
        this.#read(kept, kept.length);
        return;
      }
    }
  }

  /**
   * Reads the head in `buffer` from `at` to `end` and sets the body's length; false for a chunked
   * answer whose last chunk is not yet in (before `limit`).
   */
  #head(buffer: Buffer, at: number, end: number, limit: number): boolean {
    this.#status = digits(buffer, at + 9, at + 12);
    const length = find(buffer, LENGTH, at, end);
    if (length >= 0) {
      let from = length + LENGTH[0]!.length;
      while (buffer[from] === 0x20) from++;
      let to = from;
      while (to < end && buffer[to]! >= 0x30 && buffer[to]! <= 0x39) to++;
      this.#bodyLeft = digits(buffer, from, to);
      return true;
    }
    if (find(buffer, CHUNKED, at, end) < 0) {
      throw new Error(
        `an answer framed neither by length nor by chunks: ${buffer.toString('latin1', at, end)}`,
      );
    }
    // Small JSON answers: the body ends at its last, empty chunk; kept until it has come.
    const last = buffer.indexOf(LAST_CHUNK, end + 2);
    if (last < 0 || last + LAST_CHUNK.length > limit) return false;
    this.#bodyLeft = last + LAST_CHUNK.length - (end + 4);
    return true;
  }

  #answered() {
    this.#bodyLeft = -1;
    this.done(this.#started, this.#status);
    this.free(this);
  }
}

/** The first of `needles` in `buffer` between `from` and `to`, or -1. */
function find(buffer: Buffer, needles: Buffer[], from: number, to: number): number {
  for (const needle of needles) {
    const found = buffer.indexOf(needle, from);
    if (found >= 0 && found + needle.length <= to) return found;
  }
  return -1;
}

/** The decimal number in `buffer` from `from` to `to`. */
function digits(buffer: Buffer, from: number, to: number): number {
  let value = 0;
  for (let i = from; i < to; i++) value = value * 10 + buffer[i]! - 0x30;
  return value;
}
