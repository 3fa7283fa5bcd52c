import type { Database, RoundTripHere } from './client';

/**
 * "Has this instance heard every notification committed before now?" (issue 15). A cache that
 * NOTIFY invalidates is only as fresh as the last notification this instance has received, and
 * on PostgreSQL those arrive a little after their commit. The fence closes that gap: one round
 * trip of a no-op statement on the listening connection (ADR 0034). PostgreSQL signals the
 * listening backends at commit, before the committing client is answered, and a listening
 * backend sends every notification it has been signalled about before it answers a statement;
 * node-postgres hands them on in order before the statement's answer. So when the fence's
 * answer arrives, every change committed before the fence was sent has been heard.
 *
 * Until stop 42 a fence was a notification of our own, waited for on the channel: the same
 * guarantee from documented commit-order delivery, but `pg_notify` takes a transaction id, and
 * under load an instance sent thousands of fences a second (ADR 0034).
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
  /**
   * The listening connection went up or down; up, with the way to make a round trip on it,
   * which is what a fence is (on PostgreSQL).
   */
  setListening(listening: boolean, roundTripHere?: RoundTripHere): void;
}

const FENCE_TIMEOUT_MS = 2000;

export function createReadFence(kind: Database['kind']): ReadFence {
  return kind === 'pglite' ? new InProcessFence() : new RoundTripFence();
}

class InProcessFence implements ReadFence {
  listening = false;
  pass = () => Promise.resolve(this.listening);
  setListening(listening: boolean) {
    this.listening = listening;
  }
}

class RoundTripFence implements ReadFence {
  /** Set while the listening connection is up: a round trip on it. */
  #roundTripHere: RoundTripHere | undefined;
  /**
   * A fence did not come back in time: the connection may be up yet deaf (dropped by a NAT
   * without an error) or the database slow. Until a probe comes back, requests read the
   * database at once instead of waiting out a fence each, and nothing new is kept.
   */
  #deaf = false;
  #probing: NodeJS.Timeout | undefined;
  /**
   * The fences not yet settled (one or two): settled false if the connection goes down
   * meanwhile. An array, not a Set: a Set emptied by `delete` shrinks its table, a new one
   * each time, and at thousands of fences a second those tables, held by a long-lived Set,
   * outlived their scavenge (a tenth of what did, in a heap profile at stop 43).
   */
  readonly #waiting: ((passed: boolean) => void)[] = [];
  #inFlight: Promise<boolean> | undefined;
  #queued: Promise<boolean> | undefined;

  get listening(): boolean {
    return this.#roundTripHere !== undefined && !this.#deaf;
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

  /** Resolves true when the round trip returns; false on failure or after FENCE_TIMEOUT_MS. */
  #send(): Promise<boolean> {
    const roundTripHere = this.#roundTripHere;
    if (!roundTripHere) return Promise.resolve(false);
    return new Promise<boolean>((resolve) => {
      const settle = (passed: boolean) => {
        if (!this.#unwait(settle)) return;
        clearTimeout(timer);
        resolve(passed);
      };
      const timer = setTimeout(() => {
        settle(false);
        this.#becomeDeaf();
      }, FENCE_TIMEOUT_MS).unref();
      this.#waiting.push(settle);
      roundTripHere().then(
        () => settle(true),
        () => settle(false),
      );
    });
  }

  /** Removes `settle` from the waiting fences; false if it was not there (settled already). */
  #unwait(settle: (passed: boolean) => void): boolean {
    const at = this.#waiting.indexOf(settle);
    if (at < 0) return false;
    const last = this.#waiting.pop()!;
    if (at < this.#waiting.length) this.#waiting[at] = last;
    return true;
  }

  #becomeDeaf() {
    if (this.#deaf || !this.#roundTripHere) return;
    this.#deaf = true;
    // One probe a second while deaf (the fences' own timeouts space them); back once one returns.
    const probe = () => {
      this.#probing = undefined;
      if (!this.#deaf || !this.#roundTripHere) return;
      void this.#send().then((passed) => {
        if (passed) this.#deaf = false;
        else if (this.#deaf && this.#roundTripHere) this.#probing = setTimeout(probe, 1000).unref();
      });
    };
    probe();
  }

  setListening(listening: boolean, roundTripHere?: RoundTripHere) {
    this.#roundTripHere = listening ? roundTripHere : undefined;
    this.#deaf = false;
    clearTimeout(this.#probing);
    this.#probing = undefined;
    if (!listening) for (const settle of [...this.#waiting]) settle(false);
  }
}
