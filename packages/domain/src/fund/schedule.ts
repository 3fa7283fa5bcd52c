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
 * What the plan reads of a fund: its state, or the browser's view of it with its times as epoch
 * milliseconds (the participants list's expected payout dates, which must agree with the
 * calendar's).
 */
export interface PlanInput {
  round: Pick<
    NonNullable<FundState['round']>,
    'number' | 'recipientId' | 'windowOpensAt' | 'withdrawalAt'
  > | null;
  roundLength: FundState['roundLength'];
  order: readonly string[];
  received: readonly { recipientId: string }[];
  expelled: readonly string[];
}

/**
 * The rest of the cycle as it would go if every round ended on its withdrawal date (the
 * calendar feed, issue 14; the participants list): the current round as it is, then the
 * rotation order's remaining recipients one round length apart. Empty while no round is under
 * way.
 */
export function plannedRounds(state: PlanInput): PlannedRound[] {
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
