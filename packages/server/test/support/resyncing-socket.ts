import WebSocket from 'ws';

type Message = { type: string; seq?: number; [key: string]: unknown };

/** One WebSocket connection of a client, and what came over it. */
export interface SocketConnection {
  /** The organization's sequence number when AUTHENTICATED (the baseline of this connection). */
  authSeq: number | null;
  /** Numbered organization events, in arrival order. */
  events: { type: string; seq: number }[];
  /**
   * The `seq` of each resync the client made by itself (after AUTHENTICATED, on a gap): the last
   * event its data includes. A resync the test asks for (`resync()`) is not counted here.
   */
  resyncs: number[];
  closed?: { code: number; reason: string };
}

const SERVICE_RESTART = 1012;
/** The web client's wait between AUTHENTICATED and its resync (packages/web/src/lib/socket-client.ts). */
const RESYNC_DELAY_MS = 100;

/**
 * A member's socket that behaves as the web client does: AUTHENTICATE on open, resync shortly
 * after AUTHENTICATED and whenever a sequence number was skipped, and on 1012 (an instance
 * shutting down) reconnect at once. It keeps every connection's receipts for the checks, and
 * anything unexpected (another close code, an error, AUTHENTICATION_REQUIRED) in `problems`.
 */
export class ResyncingSocket {
  readonly connections: SocketConnection[] = [];
  readonly problems: string[] = [];
  /** The data of the last RESYNC_RESPONSE: what the client shows. */
  latest: { seq: number; data: unknown } | undefined;
  private ws: WebSocket | undefined;
  private lastSeq: number | null = null;
  private requests = 0;
  private stopped = false;
  private readonly waiters = new Map<string, (seq: number) => void>();
  private firstResync: ((seq: number) => void) | undefined;

  constructor(
    readonly name: string,
    private readonly url: string,
    private readonly cookie: string,
    private readonly origin: string,
  ) {}

  /** Connects, and resolves with the first resync answered. */
  start(): Promise<number> {
    return new Promise((resolve) => {
      this.firstResync = resolve;
      this.connect();
    });
  }

  /** Asks for a resync now; resolves with its `seq`. */
  resync(): Promise<number> {
    const requestId = this.sendResync('asked');
    return new Promise((resolve) => this.waiters.set(requestId, resolve));
  }

  /** Every numbered event this client received, over all its connections. */
  get received(): number[] {
    return this.connections.flatMap((c) => c.events.map((e) => e.seq));
  }

  stop(): void {
    this.stopped = true;
    this.ws?.close(1000, 'bye');
  }

  private get current(): SocketConnection {
    return this.connections.at(-1)!;
  }

  private connect() {
    const connection: SocketConnection = { authSeq: null, events: [], resyncs: [] };
    this.connections.push(connection);
    const ws = new WebSocket(this.url, { headers: { cookie: this.cookie }, origin: this.origin });
    this.ws = ws;
    ws.on('open', () => ws.send(JSON.stringify({ type: 'AUTHENTICATE' })));
    ws.on('message', (data) => this.onMessage(connection, JSON.parse(String(data)) as Message));
    ws.on('error', (error) => this.problems.push(`${this.name}: socket error ${error.message}`));
    ws.on('close', (code, reason) => {
      connection.closed = { code, reason: String(reason) };
      if (this.stopped) return;
      if (code === SERVICE_RESTART) return this.connect();
      this.problems.push(`${this.name}: closed with ${code} ${String(reason)}`);
    });
  }

  private onMessage(connection: SocketConnection, message: Message) {
    switch (message.type) {
      case 'AUTHENTICATED':
        connection.authSeq = message.seq ?? null;
        this.lastSeq = message.seq ?? null;
        setTimeout(() => this.sendResync(), RESYNC_DELAY_MS);
        return;
      case 'RESYNC_RESPONSE': {
        const seq = message.seq as number;
        const requestId = message.requestId as string;
        if (requestId.startsWith('auto-')) connection.resyncs.push(seq);
        this.latest = { seq, data: message.data };
        this.lastSeq = Math.max(this.lastSeq ?? 0, seq);
        this.waiters.get(requestId)?.(seq);
        this.waiters.delete(requestId);
        this.firstResync?.(seq);
        this.firstResync = undefined;
        return;
      }
      case 'AUTHENTICATION_REQUIRED':
        this.problems.push(`${this.name}: AUTHENTICATION_REQUIRED`);
        return;
      default:
        if (typeof message.seq !== 'number') return; // a broadcast (the test clock), not numbered
        connection.events.push({ type: message.type, seq: message.seq });
        // A skipped number: something was missed, so resync, as the web client does.
        if (this.lastSeq !== null && message.seq > this.lastSeq + 1) this.sendResync();
        this.lastSeq = Math.max(this.lastSeq ?? 0, message.seq);
    }
  }

  /** Sends RESYNC_REQUEST on the current connection; its request id. */
  private sendResync(kind: 'auto' | 'asked' = 'auto'): string {
    this.requests += 1;
    const requestId = `${kind}-${this.requests}`;
    if (this.ws?.readyState === WebSocket.OPEN && this.current.authSeq !== null)
      this.ws.send(JSON.stringify({ type: 'RESYNC_REQUEST', requestId, timestamp: Date.now() }));
    return requestId;
  }
}
