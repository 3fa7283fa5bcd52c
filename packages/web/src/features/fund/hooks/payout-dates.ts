import type { FundView } from '@giro/contract/fund';
import { roundLengthMs } from '@giro/domain/fund/rules';

/**
 * When a participant's turn is expected to pay out, as an ISO date: the current round's
 * withdrawal date, then one round length (the cycle's voted L) per turn before theirs
 * (domain.md: round k starts when the one before it ends). An estimate: a round that waits for a
 * member or is withdrawn late moves the later ones on, and one that restarts with a fresh window
 * after a recipient timeout moves them either way.
 * None before the first round (the length is still being voted), for a member who received in
 * this cycle or was expelled, and for one outside the order.
 */
export function expectedPayoutAt(fund: FundView, memberId: string): string | null {
  const { round, roundLength } = fund;
  if (!round || !roundLength) return null;
  const waiting = fund.order.filter(
    (id) => !fund.expelled.includes(id) && !fund.received.some((r) => r.recipientId === id),
  );
  const place = waiting.indexOf(memberId);
  if (place < 0) return null;
  // The current recipient is first of those waiting until their payout is recorded; after it,
  // everyone waiting is at least one round away.
  const current = waiting.indexOf(round.recipientId);
  const roundsAway = current >= 0 ? place - current : place + 1;
  if (roundsAway < 0) return null;
  return new Date(Date.parse(round.withdrawalAt) + roundsAway * roundLengthMs[roundLength]).toISOString();
}
