import { HOUR_MS } from './rules';

/** Under 2 hours left a deadline is urgent (SPEC §9, "Urgent payment warning"). */
export const URGENT_MS = 2 * HOUR_MS;

export type CountdownStatus = 'running' | 'urgent' | 'overdue';

/**
 * How a deadline's countdown is shown (domain.md, Countdown): overdue once the deadline has
 * passed (the server may not have processed it yet), urgent under 2 hours, running otherwise.
 */
export function countdownStatus(deadline: number, now: number): CountdownStatus {
  const left = deadline - now;
  if (left <= 0) return 'overdue';
  if (left < URGENT_MS) return 'urgent';
  return 'running';
}
