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
 * Contributions paid on time: every one made, but those paid late that stand (in a granted
 * extension), and every one undone: a card declined, a cover by hand that gave way to the
 * member's own payment, cash the recipient says never came, and cash its payer took back
 * (never paid). A late payment undone is in the undone alone, not also in the late.
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
 * Contributions made late that stand: payments made after a miss of their member (an emergency
 * vote opened about them) in the same round, i.e. in a granted wait, less those of them undone
 * since (declined, refused, taken back, given way), which `onTimeContributions` subtracts from
 * the payments made already. Counted by the trigger on `fund_events` as the events are written
 * (migration 0042).
 */
export async function lateContributionCount(db: DbOrTx): Promise<number> {
  const rows = await counterTotals(db, ['fund-events.late', 'fund-events.late-undone']);
  return Math.max(0, sumOf(rows, 'fund-events.late') - sumOf(rows, 'fund-events.late-undone'));
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
