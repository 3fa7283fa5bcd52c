import { roundTimes } from './evolve';
import type { FundState } from './fund-types';
import { roundLengthMs } from './rules';

export interface PlannedRound {
  roundNumber: number;
  recipientId: string;
  windowOpensAt: number;
  withdrawalAt: number;
  /** The round under way; the later ones are projected as if each ended on its date. */
  current: boolean;
}

/**
 * The rest of the cycle as it would go if every round ended on its withdrawal date (the
 * calendar feed, issue 14): the current round as it is, then the rotation order's remaining
 * recipients one round length apart. Empty while no round is under way.
 */
export function plannedRounds(state: FundState): PlannedRound[] {
  const round = state.round;
  if (!round || !state.roundLength) return [];
  const length = roundLengthMs[state.roundLength];
  const planned: PlannedRound[] = [
    {
      roundNumber: round.number,
      recipientId: round.recipientId,
      windowOpensAt: round.windowOpensAt,
      withdrawalAt: round.withdrawalAt,
      current: true,
    },
  ];
  const received = new Set(state.received.map((r) => r.recipientId));
  const later = state.order.filter(
    (id) => id !== round.recipientId && !received.has(id) && !state.expelled.includes(id),
  );
  for (const recipientId of later) {
    const previous = planned.at(-1)!;
    planned.push({
      roundNumber: previous.roundNumber + 1,
      recipientId,
      ...roundTimes(previous.withdrawalAt, length),
      current: false,
    });
  }
  return planned;
}
