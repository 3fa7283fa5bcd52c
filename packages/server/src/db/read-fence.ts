import { randomBytes } from 'node:crypto';
import type { Database, NotifyHere } from './client';

/**
 * "Has this instance heard every notification committed before now?" (issue 15). A cache that
 * NOTIFY invalidates is only as fresh as the last notification this instance has received, and
 * on PostgreSQL those arrive a little after their commit. The fence closes that gap: it sends a
 * notification of its own and waits until it comes back. PostgreSQL delivers notifications in
 * commit order, so when ours arrives, every change committed before we sent it has been heard.
 *
 * Requests waiting at the same time share one fence (one that started after they arrived), so
 * under load a fence costs one tiny statement per batch of requests, not one per request.
 * PGlite delivers a notification before the statement that sent it returns: no fence needed.
 */
export interface ReadFence {
  /** Whether notifications are being heard (the listening connection is up and fences return). */
  readonly listening: boolean;
  /** Resolves true once every change committed before the call has been heard; false if unsure. */
  pass(): Promise<boolean>;
  /** Given every notification on the channel: true when it was one of this fence's own. */
  heard(payload: string): boolean;
  /**
   * The listening connection went up or down; up, with the way to notify from it, which is how
   * fences are sent (on PostgreSQL, where a fence is not heard without it).
   */
  setListening(listening: boolean, notifyHere?: NotifyHere): void;
}

const FENCE_TIMEOUT_MS = 2000;

export function createReadFence(kind: Database['kind']): ReadFence {
  return kind === 'pglite' ? new InProcessFence() : new NotifyFence();
}

class InProcessFence implements ReadFence {
  listening = false;
  pass = () => Promise.resolve(this.listening);
  heard = () => false;
  setListening(listening: boolean) {
    this.listening = listening;
  }
}

class NotifyFence implements ReadFence {
  /** Set while the listening connection is up: how fences are sent from it. */
  #notifyHere: NotifyHere | undefined;
  /**
   * A fence did not come back in time: the connection may be up yet deaf (dropped by a NAT
   * without an error) or the database slow. Until a probe comes back, requests read the
   * database at once instead of waiting out a fence each, and nothing new is kept.
   */
  #deaf = false;
  #probing: NodeJS.Timeout | undefined;
  readonly #prefix = `fence:${randomBytes(6).toString('hex')}:`;
  #sent = 0;
  readonly #waiting = new Map<number, { resolve: (passed: boolean) => void; timer: NodeJS.Timeout }>();
  #inFlight: Promise<boolean> | undefined;
  #queued: Promise<boolean> | undefined;

  get listening(): boolean {
    return this.#notifyHere !== undefined && !this.#deaf;
  }

  pass(): Promise<boolean> {
    if (!this.listening) return Promise.resolve(false);
    if (!this.#inFlight) return this.#start();
    // The fence in flight was sent before this call: it proves nothing about changes committed
    // since. The next one, shared by everyone who arrives meanwhile, starts when it returns.
    this.#queued ??= this.#inFlight.then(() => {
      this.#queued = undefined;
      return this.#start();
    });
    return this.#queued;
  }

  #start(): Promise<boolean> {
    if (!this.listening) return Promise.resolve(false);
    const fence = this.#send().finally(() => {
      if (this.#inFlight === fence) this.#inFlight = undefined;
    });
    this.#inFlight = fence;
    return fence;
  }

  /** Resolves true when our notification comes back; false on failure or after FENCE_TIMEOUT_MS. */
  #send(): Promise<boolean> {
    const id = ++this.#sent;
    const heard = new Promise<boolean>((resolve) => {
      const timer = setTimeout(() => {
        this.#settle(id, false);
        this.#becomeDeaf();
      }, FENCE_TIMEOUT_MS).unref();
      this.#waiting.set(id, { resolve, timer });
    });
    // Sent from the listening connection (client.ts: its own transaction, committed without
    // waiting for the disk, since nothing in it is kept). PostgreSQL hands a session its own
    // notification, after every one committed before it, once the statement is done, so a
    // fence is one round trip on one backend. From the pool it also waited for a free
    // connection, and for the listening backend to be signalled and scheduled (measured alone,
    // 2,000 fences one after another beside eight busy connections: 0.66-0.74 ms a fence
    // against 0.96-1.28, p99 1.8-2.9 against 2.4-5.0). Not awaited: the timeout bounds it.
    const notifyHere = this.#notifyHere;
    if (!notifyHere) this.#settle(id, false);
    else notifyHere(this.#prefix + id).catch(() => this.#settle(id, false));
    return heard;
  }

  #settle(id: number, passed: boolean) {
    const waiting = this.#waiting.get(id);
    if (!waiting) return;
    this.#waiting.delete(id);
    clearTimeout(waiting.timer);
    waiting.resolve(passed);
  }

  #becomeDeaf() {
    if (this.#deaf || !this.#notifyHere) return;
    this.#deaf = true;
    // One probe a second while deaf (the fences' own timeouts space them); back once one returns.
    const probe = () => {
      this.#probing = undefined;
      if (!this.#deaf || !this.#notifyHere) return;
      void this.#send().then((heard) => {
        if (heard) this.#deaf = false;
        else if (this.#deaf && this.#notifyHere) this.#probing = setTimeout(probe, 1000).unref();
      });
    };
    probe();
  }

  heard(payload: string): boolean {
    if (!payload.startsWith('fence:')) return false;
    if (payload.startsWith(this.#prefix)) this.#settle(Number(payload.slice(this.#prefix.length)), true);
    return true;
  }

  setListening(listening: boolean, notifyHere?: NotifyHere) {
    this.#notifyHere = listening ? notifyHere : undefined;
    this.#deaf = false;
    clearTimeout(this.#probing);
    this.#probing = undefined;
    if (!listening) for (const id of [...this.#waiting.keys()]) this.#settle(id, false);
  }
}
