import type { Logger } from 'pino';

/** Another instance may have made work due earlier than we know: look again at least this often. */
const MAX_SLEEP_MS = 30_000;

/**
 * The loop both background workers share: `kick()` runs `drain()` now (or once more right
 * after the run in progress), then sleeps until `nextDueAt()` says work is due, at most 30 s.
 * One run at a time per instance; other instances are kept apart by the database's row locks.
 */
export abstract class WakeableWorker {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private again = false;
  private stopped = true;
  /** When the sleep in force ends (the worker's clock), once it is set; undefined otherwise. */
  private plannedAt: number | undefined;
  /** Counts kicks: a sleep whose schedule was read before the latest one sets nothing. */
  private kicks = 0;
  /** When the last run ended (or the worker started), and whether that run failed: for /readyz. */
  private lastRunAt: number | undefined;
  private lastRunFailed = false;

  constructor(
    protected readonly logger: Logger,
    private readonly what: string,
  ) {}

  /** Handles everything due now; returns how much was handled. */
  abstract drain(): Promise<number>;
  /** When the next work is due (epoch ms), or null when nothing is waiting. */
  protected abstract nextDueAt(): Promise<number | null>;
  protected abstract now(): number;

  start(): void {
    this.stopped = false;
    this.lastRunAt = Date.now();
    this.kick();
  }

  /**
   * Alive: started, not stopped, and a run ended within a few sleeps (it wakes at least every
   * 30 s), or one is under way. What /readyz reports; in real time, as the sleeps are.
   */
  health(): { alive: boolean; lastRunAt: string | null; lastRunFailed: boolean } {
    const recent = this.lastRunAt !== undefined && Date.now() - this.lastRunAt < 3 * MAX_SLEEP_MS;
    return {
      alive: !this.stopped && (recent || this.running !== undefined),
      lastRunAt: this.lastRunAt === undefined ? null : new Date(this.lastRunAt).toISOString(),
      lastRunFailed: this.lastRunFailed,
    };
  }

  /** When the sleep in force ends (the worker's clock); undefined while it runs, or stopped. */
  get asleepUntil(): number | undefined {
    return this.stopped ? undefined : this.plannedAt;
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    await this.running;
  }

  /**
   * Something was written that is due at `at` (the worker's clock): drain now if the sleep in
   * force would end later, else leave it, since it ends in time. A run under way, or a sleep not
   * yet set (its schedule may have been read before the write), drains again as `kick` does.
   */
  wakeBy(at: number): void {
    if (this.running === undefined && this.plannedAt !== undefined && at >= this.plannedAt) return;
    this.kick();
  }

  /** Something was written or time jumped: drain soon. */
  kick(): void {
    if (this.stopped) return;
    this.kicks++;
    this.plannedAt = undefined;
    if (this.running) {
      this.again = true;
      return;
    }
    clearTimeout(this.timer);
    this.running = this.drain()
      .then(() => {
        this.lastRunFailed = false;
      })
      .catch((error) => {
        this.lastRunFailed = true;
        this.logger.error({ err: error }, `${this.what} failed`);
      })
      .finally(() => {
        this.lastRunAt = Date.now();
        this.running = undefined;
        if (this.again) {
          this.again = false;
          this.kick();
        } else
          this.sleep().catch((error) => {
            // The database away: look again after the longest sleep, or the worker never would.
            this.logger.error({ err: error }, `${this.what} schedule failed`);
            if (this.stopped) return;
            this.timer = setTimeout(() => this.kick(), MAX_SLEEP_MS);
            this.timer.unref();
          });
      });
  }

  private async sleep(): Promise<void> {
    if (this.stopped) return;
    const kicks = this.kicks;
    const next = await this.nextDueAt();
    // Kicked meanwhile: that run sleeps afterwards on a schedule read after the write.
    if (kicks !== this.kicks || this.stopped) return;
    const now = this.now();
    const wait = next === null ? MAX_SLEEP_MS : Math.max(0, next - now);
    this.timer = setTimeout(() => this.kick(), Math.min(wait + 5, MAX_SLEEP_MS));
    this.timer.unref();
    this.plannedAt = now + Math.min(wait, MAX_SLEEP_MS);
  }
}
