/**
 * All time comes from one injectable clock (domain.md, The clock). The test clock adds an
 * offset that the test-clock endpoints move; production uses the system clock untouched.
 */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

export class OffsetClock implements Clock {
  private offsetMs = 0;
  constructor(private readonly base: Clock = systemClock) {}
  now(): Date {
    return new Date(this.base.now().getTime() + this.offsetMs);
  }
  fastForward(minutes: number): void {
    this.offsetMs += minutes * 60_000;
  }
  reset(): void {
    this.offsetMs = 0;
  }
  /** Back to an offset stored before a restart (TEST_CLOCK=1 keeps it in the database). */
  restore(offsetMs: number): void {
    this.offsetMs = offsetMs;
  }
  get offsetMinutes(): number {
    return this.offsetMs / 60_000;
  }
}
