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

/** One kept-alive connection: one request at a time, its answer framed by Content-Length or chunks. */
class Connection {
  readonly #socket: Socket;
  #buffer: Buffer = Buffer.alloc(0);
  #started = 0;

  constructor(
    url: URL,
    private readonly bytes: Buffer,
    private readonly done: (started: number, status: number) => void,
    private readonly free: (self: Connection) => void,
  ) {
    this.#socket = connect(Number(url.port), url.hostname);
    this.#socket.setNoDelay(true);
    this.#socket.on('data', (chunk) => this.#read(chunk));
    this.#socket.on('error', () => {});
  }

  send(owedAt: number) {
    this.#started = owedAt;
    this.#socket.write(this.bytes);
  }

  close() {
    this.#socket.destroy();
  }

  #read(chunk: Buffer) {
    this.#buffer = this.#buffer.length === 0 ? chunk : Buffer.concat([this.#buffer, chunk]);
    const end = this.#buffer.indexOf('\r\n\r\n');
    if (end < 0) return;
    const head = this.#buffer.toString('latin1', 0, end);
    const length = /\r\ncontent-length:\s*(\d+)/i.exec(head)?.[1];
    let next: number;
    if (length !== undefined) next = end + 4 + Number(length);
    else if (/\r\ntransfer-encoding:\s*chunked/i.test(head)) {
      // Small JSON answers: the body ends at its last, empty chunk.
      const last = this.#buffer.indexOf('\r\n0\r\n\r\n', end + 2);
      next = last < 0 ? Number.POSITIVE_INFINITY : last + 7;
    } else throw new Error(`an answer framed neither by length nor by chunks: ${head}`);
    if (this.#buffer.length < next) return;
    this.#buffer = this.#buffer.subarray(next);
    this.done(this.#started, Number(head.slice(9, 12)));
    this.free(this);
  }
}
