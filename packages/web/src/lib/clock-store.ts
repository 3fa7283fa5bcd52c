import { useEffect, useState } from 'react';

/**
 * The client clock behind every countdown (domain.md, The clock). It is real time plus an
 * offset that follows the server's test clock: TIME_FAST_FORWARD shifts it, TIME_RESET clears
 * it, and a reading of GET /api/test/time sets it outright (so a reload keeps the jump).
 */
let offsetMs = 0;
const listeners = new Set<() => void>();
const emit = () => {
  for (const listener of listeners) listener();
};

export const clock = {
  now: (): number => Date.now() + offsetMs,
  offsetMinutes: (): number => offsetMs / 60_000,
  shiftMinutes(minutes: number): void {
    offsetMs += minutes * 60_000;
    emit();
  },
  setOffsetMinutes(minutes: number): void {
    if (offsetMs === minutes * 60_000) return;
    offsetMs = minutes * 60_000;
    emit();
  },
  reset(): void {
    offsetMs = 0;
    emit();
  },
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};

export type Clock = typeof clock;

/**
 * One timer per interval, whose every reader gets the same time at each tick: two parts of a
 * page deciding from one moment (the Now card and the round below it: which of them shows the
 * button to pay) never disagree for an interval around it, as two timers started apart did.
 */
const ticks = new Map<
  number,
  { readers: Set<(now: number) => void>; timer: ReturnType<typeof setInterval> }
>();
function onTick(intervalMs: number, reader: (now: number) => void): () => void {
  let tick = ticks.get(intervalMs);
  if (!tick) {
    const readers = new Set<(now: number) => void>();
    const timer = setInterval(() => {
      const now = clock.now();
      for (const read of readers) read(now);
    }, intervalMs);
    tick = { readers, timer };
    ticks.set(intervalMs, tick);
  }
  tick.readers.add(reader);
  return () => {
    tick.readers.delete(reader);
    if (tick.readers.size > 0) return;
    clearInterval(tick.timer);
    ticks.delete(intervalMs);
  };
}

/** The client clock's time, re-read every `intervalMs` (a timer shared by every reader of that interval) and at once when the clock jumps. */
export function useNow(intervalMs = 1000): number {
  const [now, setNow] = useState(clock.now);
  useEffect(() => {
    const stopTicking = onTick(intervalMs, setNow);
    const unsubscribe = clock.subscribe(() => setNow(clock.now()));
    setNow(clock.now());
    return () => {
      stopTicking();
      unsubscribe();
    };
  }, [intervalMs]);
  return now;
}
