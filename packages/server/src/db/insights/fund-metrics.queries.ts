import type { DbOrTx } from '../client';
import { counterTotals, sumOf } from './counters.queries';

/** The fund events the metrics count, by type (from the insight counters, as every type is). */
export const COUNTED_EVENTS = [
  'ContributionMade',
  'ContributionFailed',
  'CoverSuperseded',
  'ReceiptRefused',
  'DeclarationCancelled',
  'ContributionMissed',
  'ExtensionGranted',
  'ContributionSkipped',
  'EmergencyVoteWithdrawn',
  'RecipientTimedOut',
  'DistributionFailed',
] as const;
export type CountedEvent = (typeof COUNTED_EVENTS)[number];

export async function fundEventCounts(db: DbOrTx): Promise<Record<CountedEvent | 'expelledByVote', number>> {
  const rows = await counterTotals(db, ['fund-events', 'fund-events.expelled-by-vote']);
  const counts = Object.fromEntries(
    COUNTED_EVENTS.map((type) => [type, sumOf(rows, 'fund-events', type)]),
  ) as Record<CountedEvent, number>;
  return { ...counts, expelledByVote: sumOf(rows, 'fund-events.expelled-by-vote') };
}

/**
 * Contributions paid on time: every one made, but those paid late (in a granted extension), a
 * card declined, a cover by hand that gave way to the member's own payment, cash the
 * recipient says never came, and cash its payer took back (never paid).
 * The overview and the fund metrics both show it.
 */
export function onTimeContributions(events: Record<CountedEvent, number>, late: number): number {
  return Math.max(
    0,
    events.ContributionMade -
      late -
      events.ContributionFailed -
      events.CoverSuperseded -
      events.ReceiptRefused -
      events.DeclarationCancelled,
  );
}

/**
 * Contributions made late: misses (an emergency vote opened about the member) followed by the
 * member's payment before the next round started, i.e. paid in a granted extension. Counted by
 * the trigger on `fund_events` when the payment is written (migration 0007).
 */
export async function lateContributionCount(db: DbOrTx): Promise<number> {
  return sumOf(await counterTotals(db, ['fund-events.late']), 'fund-events.late');
}

/** Strikes and debts as the funds' states hold them now (they persist across cycles). */
export async function strikesAndDebts(db: DbOrTx) {
  const rows = await counterTotals(db, [
    'funds.strikes',
    'funds.strike-members',
    'funds.members-at-risk',
    'funds.debt-members',
    'funds.debt-cents',
  ]);
  return {
    strikes: {
      total: sumOf(rows, 'funds.strikes'),
      members: sumOf(rows, 'funds.strike-members'),
      membersAtRisk: sumOf(rows, 'funds.members-at-risk'),
    },
    debts: { members: sumOf(rows, 'funds.debt-members'), totalCents: sumOf(rows, 'funds.debt-cents') },
  };
}

/** Completed cycles and their average length, from each cycle's history (created → completed). */
export async function cycleLengths(db: DbOrTx) {
  const rows = await counterTotals(db, [
    'fund-events',
    'fund-events.cycle-ms',
    'fund-events.cycles-measured',
  ]);
  const measured = sumOf(rows, 'fund-events.cycles-measured');
  return {
    completed: sumOf(rows, 'fund-events', 'CycleCompleted'),
    averageLengthMs: measured > 0 ? Math.round(sumOf(rows, 'fund-events.cycle-ms') / measured) : null,
  };
}
