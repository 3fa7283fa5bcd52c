import pino from 'pino';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { WakeableWorker } from './wakeable-worker';

/** A worker whose schedule fails while "the database is away", counting its runs. */
class Worker extends WakeableWorker {
  runs = 0;
  scheduleFails = true;
  constructor() {
    super(pino({ level: 'silent' }), 'test worker');
  }
  async drain() {
    this.runs++;
    return 0;
  }
  protected async nextDueAt(): Promise<number | null> {
    if (this.scheduleFails) throw new Error('database away');
    return Date.now() + 60_000;
  }
  protected now() {
    return Date.now();
  }
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('WakeableWorker', () => {
  it('looks again after its longest sleep when it cannot read its schedule, and sleeps normally once it can', async () => {
    const worker = new Worker();
    worker.start();
    await vi.advanceTimersByTimeAsync(0);
    expect(worker.runs).toBe(1);

    // The schedule failed: nothing runs before the longest sleep, then the worker runs again.
    await vi.advanceTimersByTimeAsync(29_000);
    expect(worker.runs).toBe(1);
    await vi.advanceTimersByTimeAsync(1_100);
    expect(worker.runs).toBe(2);
    expect(worker.health().alive).toBe(true);

    // The database is back: it wakes every longest sleep (its next due time is further off).
    worker.scheduleFails = false;
    await vi.advanceTimersByTimeAsync(30_100);
    expect(worker.runs).toBe(3);
    await vi.advanceTimersByTimeAsync(30_100);
    expect(worker.runs).toBe(4);

    await worker.stop();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(worker.runs).toBe(4);
    expect(worker.health().alive).toBe(false);
  });

  it('a write due after its sleep ends leaves it asleep; one due sooner, or during a run, drains now', async () => {
    const worker = new Worker();
    worker.scheduleFails = false;
    worker.start();
    await vi.advanceTimersByTimeAsync(0);
    expect(worker.runs).toBe(1);

    // Asleep for its longest sleep (its next work is a minute off): a write due later changes nothing.
    worker.wakeBy(Date.now() + 40_000);
    worker.wakeBy(Date.now() + 30_000);
    await vi.advanceTimersByTimeAsync(0);
    expect(worker.runs).toBe(1);
    // One due before the sleep ends drains now.
    worker.wakeBy(Date.now() + 10_000);
    await vi.advanceTimersByTimeAsync(0);
    expect(worker.runs).toBe(2);

    // During a run the schedule it will read may be older than the write: it drains once more.
    let finish = () => {};
    worker.drain = async () => {
      worker.runs++;
      await new Promise<void>((resolve) => {
        finish = resolve;
      });
      return 0;
    };
    worker.kick();
    await vi.advanceTimersByTimeAsync(0);
    expect(worker.runs).toBe(3);
    worker.wakeBy(Date.now() + 40_000);
    finish();
    await vi.advanceTimersByTimeAsync(0);
    expect(worker.runs).toBe(4);
    finish();
    await vi.advanceTimersByTimeAsync(0);

    // Stopped, it runs no more.
    await worker.stop();
    worker.wakeBy(Date.now());
    await vi.advanceTimersByTimeAsync(60_000);
    expect(worker.runs).toBe(4);
  });
});
