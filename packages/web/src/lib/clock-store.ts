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

/** The client clock's time, re-read every `intervalMs` and at once when the clock jumps. */
export function useNow(intervalMs = 1000): number {
  const [now, setNow] = useState(clock.now);
  useEffect(() => {
    const update = () => setNow(clock.now());
    const timer = setInterval(update, intervalMs);
    const unsubscribe = clock.subscribe(update);
    update();
    return () => {
      clearInterval(timer);
      unsubscribe();
    };
  }, [intervalMs]);
  return now;
}
