import type { FundView } from '@giro/contract/fund';
import { plannedRounds } from '@giro/domain/fund/schedule';

/**
 * When each waiting participant's turn is expected to pay out, as ISO dates by member id: the
 * domain's plan of the cycle (`plannedRounds`, which the calendar feed shows too), the current
 * round's withdrawal date and then one voted round length per turn. Empty before the first
 * round (the length is still being voted).
 *
 * An estimate both ways: a round withdrawn early starts the next one early, and a wait, a
 * restart after a recipient timeout or a late withdrawal moves the later ones on. A round whose
 * withdrawal date has passed (paused for an emergency vote, or waiting for its recipient) is
 * planned from `now`, so no date shown is already past.
 */
export function expectedPayouts(fund: FundView, now: number): ReadonlyMap<string, string> {
  const { round } = fund;
  const planned = plannedRounds({
    ...fund,
    round: round && {
      number: round.number,
      recipientId: round.recipientId,
      windowOpensAt: Date.parse(round.windowOpensAt),
      withdrawalAt: Math.max(Date.parse(round.withdrawalAt), now),
    },
  });
  return new Map(planned.map((p) => [p.recipientId, new Date(p.withdrawalAt).toISOString()]));
}
