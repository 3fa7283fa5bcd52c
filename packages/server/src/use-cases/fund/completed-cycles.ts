import type { FundState } from '@giro/domain/fund/fund-types';

/** The completed cycles in which this member took part (their rotation order names them). */
export function completedCyclesOf(state: FundState, userId: string): number {
  return state.history.filter((cycle) => cycle.order.includes(userId)).length;
}
