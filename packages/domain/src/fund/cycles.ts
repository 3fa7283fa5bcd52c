import type { CycleHistory, FundState } from './fund-types';

/** Who a completed cycle counts for: its participants, or its order in cycles from before they were kept. */
const takingPart = (cycle: CycleHistory) => cycle.participants ?? cycle.order;

/**
 * The cycles a fund completed: those counted (ADR 0041), and any that an instance of the
 * release before completed during an upgrade, in `history`.
 */
export function cyclesCompleted(state: FundState): number {
  return (state.completedCycles ?? 0) + state.history.length;
}

/** The completed cycles in which this member took part (to the end, or until expelled). */
export function memberCyclesOf(state: FundState, userId: string): number {
  const counted = state.memberCycles?.[userId] ?? 0;
  return counted + state.history.filter((cycle) => takingPart(cycle).includes(userId)).length;
}

/** Each member's count with one more for those who took part in this completed cycle. */
export function countedIn(
  counts: Readonly<Record<string, number>>,
  cycle: CycleHistory,
): Record<string, number> {
  const next = { ...counts };
  for (const id of new Set(takingPart(cycle))) next[id] = (next[id] ?? 0) + 1;
  return next;
}
