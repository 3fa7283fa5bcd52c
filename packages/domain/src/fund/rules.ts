import type { Cents } from '../money';
import type { Contribution, FundState, Round, WithdrawalOption } from './fund-types';

export const HOUR_MS = 3_600_000;
export const DAY_MS = 24 * HOUR_MS;
/** Voting, confirmation, dismissal acknowledgment, date vote, emergency vote, wait extension, recipient timeout. */
export const PHASE_MS = DAY_MS;
export const CONTRIBUTION_WINDOW_MS = 7 * DAY_MS;
export const AMOUNT_MIN_CENTS = 100;
export const AMOUNT_MAX_CENTS = 1_000_000;
export const DISMISSAL_REASON_MAX = 499;
export const STRIKE_WARNING_AT = 2;
export const STRIKE_RISK_AT = 3;

export const roundLengthMs: Record<WithdrawalOption, number> = {
  '7d1h': 7 * DAY_MS + HOUR_MS,
  '14d': 14 * DAY_MS,
  '21d': 21 * DAY_MS,
  '28d': 28 * DAY_MS,
};

/** A contribution that counts toward the round: held, captured, or a confirmed manual payment. */
export function counts(contribution: Contribution): boolean {
  return (
    contribution.status === 'authorized' ||
    contribution.status === 'captured' ||
    contribution.status === 'confirmed'
  );
}

/**
 * A card payment still held on its payer's card: the provider releases a hold after a few days,
 * so one still held then is captured early (ADR 0048).
 */
export const isCardHold = (contribution: Contribution): boolean =>
  contribution.method === 'card' && contribution.status === 'authorized';

/** Whose money a contribution is: the covering member's, or the contributor's own. */
export const payerOf = (contribution: Contribution): string =>
  contribution.paidBy ?? contribution.contributorId;

/** A contribution whose money has reached its end: paid out to a recipient, or given back. */
export function settled(contribution: Contribution): boolean {
  return contribution.status === 'paid_out' || contribution.status === 'refunded';
}

/** A contribution whose money is with the platform (held or in escrow), not yet paid out or returned. */
export function inEscrow(contribution: Contribution): boolean {
  return contribution.status === 'authorized' || contribution.status === 'captured';
}

export function roundContributions(state: FundState, round: Round = state.round!): Contribution[] {
  return state.contributions.filter(
    (c) =>
      c.cycleNumber === state.cycleNumber &&
      c.roundNumber === round.number &&
      c.status !== 'refunded' &&
      c.status !== 'refund_due',
  );
}

/** Participants still in the rotation (not expelled). */
export function activeParticipants(state: FundState): string[] {
  return state.participants.filter((id) => !state.expelled.includes(id));
}

/** Who must contribute in the current round: active participants but the recipient and the skipped. */
export function expectedContributors(state: FundState): string[] {
  const round = state.round;
  if (!round) return [];
  return activeParticipants(state).filter((id) => id !== round.recipientId && !round.skipped.includes(id));
}

export function hasContributed(state: FundState, userId: string): boolean {
  return roundContributions(state).some((c) => c.contributorId === userId && counts(c));
}

/** The next recipient in the rotation order: not yet received in this cycle, not expelled. */
export function nextRecipient(state: FundState): string | undefined {
  const received = new Set(state.received.map((r) => r.recipientId));
  return state.order.find((id) => !received.has(id) && !state.expelled.includes(id));
}

export function statusOf(state: FundState): 'voting' | 'confirmation' | 'active' | 'completed' | 'cancelled' {
  switch (state.phase) {
    case 'voting':
      return 'voting';
    case 'confirmation':
    case 'dismissal_acknowledgment':
      return 'confirmation';
    case 'completed':
      return 'completed';
    case 'cancelled':
      return 'cancelled';
    default:
      return 'active';
  }
}

/** The money of the round with the platform (card and PayPal), and the manual money declared and confirmed. */
export function roundTotals(state: FundState): {
  platformCents: Cents;
  manualCents: Cents;
  paypalCents: Cents;
} {
  let platformCents = 0;
  let manualCents = 0;
  let paypalCents = 0;
  for (const c of roundContributions(state)) {
    if (!counts(c)) continue;
    if (c.method === 'manual') manualCents += c.amountCents;
    else platformCents += c.amountCents;
    if (c.method === 'paypal') paypalCents += c.amountCents;
  }
  return { platformCents, manualCents, paypalCents };
}

/**
 * What a contribution confirmed now pays of its member's debt: an expelled member's debt counts
 * the round that expelled them, and a payment for that round declared by hand before the vote
 * (theirs, or a cover) that the recipient confirms after it pays that round. Without it the
 * round was owed twice: in the debt, and as the payment (a cover's debt to the one who paid).
 */
export function debtPaidBy(before: FundState, contribution: Contribution): Cents {
  if (!before.expelled.includes(contribution.contributorId)) return 0;
  return Math.min(contribution.amountCents, before.debts[contribution.contributorId] ?? 0);
}
