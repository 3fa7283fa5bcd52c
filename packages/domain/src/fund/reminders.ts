import type { FundState } from './fund-types';
import { DAY_MS, expectedContributors, HOUR_MS, roundContributions } from './rules';

/** The moments a round's payers are reminded of their contribution (domain.md, Reminders). */
export type ReminderOccasion = 'contribution_window_open' | 'contribution_due_24h' | 'contribution_due_2h';

export interface ReminderMoment {
  occasion: ReminderOccasion;
  at: number;
}

export interface DueReminder {
  occasion: ReminderOccasion;
  /** Names the round: a round restarted with a new window is a new subject. */
  subject: string;
  /** The payers who have not paid (nor declared a manual payment) yet; never the recipient. */
  memberIds: string[];
  /** Who has paid this round already: the reminder names them. */
  paidIds: string[];
  /** When the window closes. */
  closesAt: number;
}

/**
 * The current round's reminder moments, while it collects: the window opens, and 24 h and 2 h
 * before it closes. None before the window opens (a window shorter than 24 h has no 24 h mark).
 */
export function reminderMoments(state: FundState): ReminderMoment[] {
  const round = state.round;
  if (round?.state !== 'collecting') return [];
  const moments: ReminderMoment[] = [
    { occasion: 'contribution_window_open', at: round.windowOpensAt },
    { occasion: 'contribution_due_24h', at: round.withdrawalAt - DAY_MS },
    { occasion: 'contribution_due_2h', at: round.withdrawalAt - 2 * HOUR_MS },
  ];
  return moments.filter((m, i) => i === 0 || m.at > round.windowOpensAt);
}

/**
 * The reminder moments a change of state adds (a round opened, its window moved): those the
 * database's schedule of reminders does not know yet. A change that keeps them (a contribution,
 * a vote) adds none, and so has nothing new for the reminders to wake for.
 */
export function addedReminderMoments(before: FundState, after: FundState): number[] {
  const known = new Set(reminderMoments(before).map((m) => m.at));
  return reminderMoments(after)
    .map((m) => m.at)
    .filter((at) => !known.has(at));
}

/** The first moment after `through`, or null: when to look again. */
export function nextReminderAt(state: FundState, through: number | null): number | null {
  const later = reminderMoments(state)
    .map((m) => m.at)
    .filter((at) => through === null || at > through);
  return later.length === 0 ? null : Math.min(...later);
}

/**
 * Who has paid the current round as far as reminders go: a manual payment declared and waiting
 * for the recipient's confirmation is paid, as far as the payer can do anything about it.
 */
function paidThisRound(state: FundState): Set<string> {
  return new Set(roundContributions(state).map((c) => c.contributorId));
}

/**
 * Whether a member is still one the current round's reminders are for: a payer of a collecting
 * round who has not paid. Once not, their reminders leave the alerts (notifications/open-calls.ts).
 */
export function stillToRemind(state: FundState, userId: string): boolean {
  return (
    state.round?.state === 'collecting' &&
    expectedContributors(state).includes(userId) &&
    !paidThisRound(state).has(userId)
  );
}

/**
 * What is due between `through` (exclusive; null: from the start) and `now`, while the window
 * is still open: only the latest such moment, since after a pause (a restart, a clock jump) the
 * earlier reminders say less than it does. Given to the payers who have not paid.
 */
export function dueReminder(state: FundState, through: number | null, now: number): DueReminder | null {
  const round = state.round;
  if (!round || now >= round.withdrawalAt) return null;
  const due = reminderMoments(state).filter((m) => m.at <= now && (through === null || m.at > through));
  const latest = due.at(-1);
  if (!latest) return null;
  const paid = paidThisRound(state);
  const memberIds = expectedContributors(state).filter((id) => !paid.has(id));
  if (memberIds.length === 0) return null;
  return {
    occasion: latest.occasion,
    subject: `${state.fundId}:${state.cycleNumber}:${round.number}:${round.windowOpensAt}`,
    memberIds,
    paidIds: [...paid],
    closesAt: round.withdrawalAt,
  };
}
