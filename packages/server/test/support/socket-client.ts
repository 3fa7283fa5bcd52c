import WebSocket from 'ws';

type Message = { type: string; [key: string]: unknown };

/**
 * A socket like the browser's: same origin by default, the session cookie on the upgrade.
 * Keeps every message so tests can wait for one.
 */
export class TestSocket {
  readonly messages: Message[] = [];
  closed: { code: number; reason: string } | undefined;
  private waiters: (() => void)[] = [];
  private constructor(readonly ws: WebSocket) {
    ws.on('message', (data) => {
      this.messages.push(JSON.parse(String(data)) as Message);
      this.wake();
    });
    ws.on('close', (code, reason) => {
      this.closed = { code, reason: String(reason) };
      this.wake();
    });
  }

  static async open(url: string, options: { cookie?: string; origin?: string } = {}): Promise<TestSocket> {
    const ws = new WebSocket(url, {
      headers: { ...(options.cookie ? { cookie: options.cookie } : {}) },
      origin: options.origin ?? 'http://giro.test',
    });
    const socket = new TestSocket(ws);
    await new Promise<void>((resolve, reject) => {
      ws.once('open', () => resolve());
      ws.once('close', () => resolve());
      ws.once('error', reject);
    });
    return socket;
  }

  send(message: object): void {
    this.ws.send(JSON.stringify(message));
  }

  /** The first message (from `from` on) that matches, waiting up to `ms`. */
  async next(match: (m: Message) => boolean, ms = 5000, from = 0): Promise<Message> {
    const deadline = Date.now() + ms;
    for (;;) {
      const found = this.messages.slice(from).find(match);
      if (found) return found;
      if (this.closed) throw new Error(`socket closed: ${this.closed.code} ${this.closed.reason}`);
      const left = deadline - Date.now();
      if (left <= 0)
        throw new Error(`no matching message; got ${JSON.stringify(this.messages.map((m) => m.type))}`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        this.waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
  }

  async closedWith(ms = 5000): Promise<{ code: number; reason: string }> {
    const deadline = Date.now() + ms;
    while (!this.closed && Date.now() < deadline) await new Promise((r) => setTimeout(r, 10));
    if (!this.closed) throw new Error('socket still open');
    return this.closed;
  }

  close(): void {
    this.ws.close();
  }

  private wake() {
    const waiters = this.waiters;
    this.waiters = [];
    for (const wake of waiters) wake();
  }
}
