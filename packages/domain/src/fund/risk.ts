import type { FundState } from './fund-types';
import { activeParticipants, expectedContributors, hasContributed, STRIKE_RISK_AT } from './rules';

/**
 * Failure-risk analysis of the current round (domain.md): a score from 0 to 100 and the
 * reasons behind it, one line each with its weight, so every member sees why. No black box:
 * the score is the sum of the weights, capped at 100.
 */
export type RiskReason =
  | { code: 'missing_contributions'; weight: number; missing: number; expected: number; hoursLeft: number }
  | { code: 'member_strikes'; weight: number; memberId: string; strikes: number; atRisk: boolean }
  | { code: 'member_lateness'; weight: number; memberId: string; lateCount: number }
  | { code: 'recipient_without_payout_account'; weight: number; memberId: string }
  | { code: 'no_payment_method'; weight: number; memberId: string }
  | { code: 'unpaid_debt'; weight: number; memberId: string; amountCents: number };

export interface RiskAnalysis {
  score: number;
  reasons: RiskReason[];
}

export interface RiskContext {
  now: number;
  hasPayoutAccount(userId: string): boolean;
  hasPaymentMethod(userId: string): boolean;
  /** How many times this member paid late or missed before (from the history). */
  pastLateCount(userId: string): number;
  /** What this member owes other members and has not repaid (covers, issue 16), in cents. */
  unpaidDebtCents(userId: string): number;
}

export function analyseRisk(state: FundState, ctx: RiskContext): RiskAnalysis {
  const round = state.round;
  if (!round) return { score: 0, reasons: [] };
  const reasons: RiskReason[] = [];
  const expected = expectedContributors(state);
  const missing = expected.filter((id) => !hasContributed(state, id));

  if (missing.length > 0) {
    const hoursLeft = Math.max(0, Math.floor((round.withdrawalAt - ctx.now) / 3_600_000));
    // The less time is left, the more an unpaid share weighs.
    const urgency =
      hoursLeft <= 24 ? 1 : hoursLeft <= 3 * 24 ? 0.6 : ctx.now >= round.windowOpensAt ? 0.35 : 0.15;
    const weight = Math.round(40 * (missing.length / expected.length) * urgency);
    reasons.push({
      code: 'missing_contributions',
      weight,
      missing: missing.length,
      expected: expected.length,
      hoursLeft,
    });
  }
  for (const memberId of missing) {
    const strikes = state.strikes[memberId] ?? 0;
    if (strikes > 0) {
      const atRisk = strikes >= STRIKE_RISK_AT;
      reasons.push({
        code: 'member_strikes',
        weight: Math.min(15, strikes * 5) + (atRisk ? 10 : 0),
        memberId,
        strikes,
        atRisk,
      });
    }
    const lateCount = ctx.pastLateCount(memberId);
    if (lateCount > 0)
      reasons.push({ code: 'member_lateness', weight: Math.min(9, lateCount * 3), memberId, lateCount });
    if (!ctx.hasPaymentMethod(memberId)) reasons.push({ code: 'no_payment_method', weight: 5, memberId });
    // Someone who still owes a member for covering them was short before, and is more likely to be again.
    const owed = ctx.unpaidDebtCents(memberId);
    if (owed > 0) reasons.push({ code: 'unpaid_debt', weight: 8, memberId, amountCents: owed });
  }
  // At 3 strikes a member is shown at risk of expulsion even once paid (domain.md, phase 7);
  // having paid, they add nothing to this round's risk, hence weight 0.
  for (const memberId of activeParticipants(state)) {
    const strikes = state.strikes[memberId] ?? 0;
    if (strikes >= STRIKE_RISK_AT && !missing.includes(memberId))
      reasons.push({ code: 'member_strikes', weight: 0, memberId, strikes, atRisk: true });
  }
  if (!ctx.hasPayoutAccount(round.recipientId)) {
    reasons.push({ code: 'recipient_without_payout_account', weight: 20, memberId: round.recipientId });
  }
  reasons.sort((a, b) => b.weight - a.weight);
  const score = Math.min(
    100,
    reasons.reduce((sum, reason) => sum + reason.weight, 0),
  );
  return { score, reasons };
}
