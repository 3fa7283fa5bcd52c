import type { FundView } from '@giro/contract/fund';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { longDate } from '../../../lib/format';
import { useSwapAction } from '../api/swap-actions';
import { expectedPayouts } from '../hooks/payout-dates';
import { turnOf } from '../hooks/swap-rules';
import { useMemberName } from '../hooks/use-fund-people';

/**
 * Each member's turn number and, once the rounds run, its expected payout date (the fund's plan
 * read once): a member weighs a swap by when the money would come, not by a place in a list.
 */
function turnsWithDates(fund: FundView) {
  const payouts = expectedPayouts(fund, Date.now());
  return (memberId: string) => {
    const at = payouts.get(memberId);
    return { turn: turnOf(fund, memberId), date: at === undefined ? undefined : longDate(at) };
  };
}

/**
 * A swap asked of me (domain.md, Second wave): something to answer, so it sits at the top of
 * the fund, above the round.
 */
export function SwapsAskedOfMe({ fund, userId }: { fund: FundView; userId: string }) {
  const { t } = useTranslation();
  const name = useMemberName(fund);
  const swap = useSwapAction();
  const turnWithDate = turnsWithDates(fund);
  return fund.swaps
    .filter((s) => s.toId === userId)
    .map((s) => {
      const theirs = turnWithDate(s.fromId);
      const yours = turnWithDate(userId);
      return (
        <section
          key={s.id}
          aria-label={t('fund.swaps.askedTitle')}
          className="flex flex-col gap-2 rounded-xl bg-amber-50 p-3 ring-1 ring-amber-200"
          data-testid="swap-asked-of-me"
        >
          <p className="text-sm">
            {t('fund.swaps.askedYou', {
              name: name(s.fromId),
              theirs: theirs.turn,
              yours: yours.turn,
              theirsDate: theirs.date,
              yoursDate: yours.date,
              context: theirs.date && yours.date ? 'dated' : undefined,
            })}
          </p>
          <div className="flex flex-wrap gap-2">
            <Button
              disabled={swap.isPending}
              onClick={() => swap.mutate({ kind: 'accept', fundId: fund.id, swapId: s.id })}
            >
              {t('fund.swaps.accept')}
            </Button>
            <Button
              variant="secondary"
              disabled={swap.isPending}
              onClick={() => swap.mutate({ kind: 'decline', fundId: fund.id, swapId: s.id })}
            >
              {t('fund.swaps.decline')}
            </Button>
          </div>
        </section>
      );
    });
}

/**
 * The cycle's other swaps: what I asked (withdraw), what others asked, and the swaps done.
 * Asking is on each participant's row of the list below; the drawn order stays in the
 * verifiable draw.
 */
export function SwapTurns({ fund, userId }: { fund: FundView; userId: string }) {
  const { t } = useTranslation();
  const name = useMemberName(fund);
  const swap = useSwapAction();
  const mine = fund.swaps.filter((s) => s.fromId === userId);
  const others = fund.swaps.filter((s) => s.toId !== userId && s.fromId !== userId);
  if (mine.length === 0 && others.length === 0 && fund.swapHistory.length === 0) return null;
  const turnWithDate = turnsWithDates(fund);
  return (
    <section aria-labelledby="swaps" data-testid="swaps" className="flex flex-col gap-3">
      <h3 id="swaps" className="font-semibold">
        {t('fund.swaps.title')}
      </h3>
      {mine.map((s) => {
        const theirs = turnWithDate(s.toId);
        return (
          <div
            key={s.id}
            className="flex flex-wrap items-center justify-between gap-2"
            data-testid="swap-mine"
          >
            <p className="text-sm">
              {t('fund.swaps.youAsked', {
                name: name(s.toId),
                theirs: theirs.turn,
                theirsDate: theirs.date,
                context: theirs.date ? 'dated' : undefined,
              })}
            </p>
            <Button
              variant="secondary"
              disabled={swap.isPending}
              onClick={() => swap.mutate({ kind: 'withdraw', fundId: fund.id, swapId: s.id })}
            >
              {t('fund.swaps.withdraw')}
            </Button>
          </div>
        );
      })}
      {others.map((s) => (
        <p key={s.id} className="text-sm text-stone-700">
          {t('fund.swaps.othersAsked', { from: name(s.fromId), to: name(s.toId) })}
        </p>
      ))}
      {fund.swapHistory.length > 0 && (
        <ul className="text-sm text-stone-700" data-testid="swap-history">
          {fund.swapHistory.map((s) => (
            <li key={s.id}>
              {t('fund.swaps.done', {
                from: name(s.fromId),
                to: name(s.toId),
                date: longDate(s.at),
              })}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
