import type { FundView } from '@giro/contract/fund';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { euro, longDate } from '../../../lib/format';
import { useSwapAction } from '../api/swap-actions';
import { expectedPayouts } from '../hooks/payout-dates';
import { canAskSwap } from '../hooks/swap-rules';
import { useMemberName } from '../hooks/use-fund-people';

/**
 * The cycle's members in rotation order (once drawn: the order in force, after any swap) with
 * what each did this round, their strikes and any debt, when each still waiting is expected to
 * receive, and a button to ask each whose turn can still move to swap turns; members who joined
 * later take part from the next cycle.
 */
export function ParticipantsList({ fund, userId }: { fund: FundView; userId: string }) {
  const { t } = useTranslation();
  const name = useMemberName(fund);
  const swap = useSwapAction();
  const round = fund.round;
  const ids = fund.order.length > 0 ? fund.order : fund.participants;
  const others = fund.members.filter((m) => !fund.participants.includes(m.id));
  const payouts = expectedPayouts(fund, Date.now());
  const tags = (id: string) =>
    [
      round?.recipientId === id && t('fund.people.recipient'),
      fund.received.some((r) => r.recipientId === id) && t('fund.people.received'),
      round?.contributedBy.includes(id) && t('fund.people.contributed'),
      round?.skipped.includes(id) && t('fund.people.skipped'),
      fund.expelled.includes(id) && t('fund.people.expelled'),
    ].filter((tag): tag is string => Boolean(tag));
  return (
    <section aria-labelledby="participants" data-testid="participants">
      <h3 id="participants" className="mb-1 font-semibold">
        {t('fund.people.title')}
      </h3>
      <ol className="divide-y divide-stone-100 text-sm">
        {ids.map((id, index) => {
          const strikes = fund.strikes[id] ?? 0;
          const expected = payouts.get(id);
          return (
            <li
              key={id}
              className="flex flex-wrap items-center justify-between gap-2 py-2"
              data-testid="participant"
            >
              <span className="flex items-center gap-2">
                {fund.order.length > 0 && (
                  <span className="grid size-6 place-items-center rounded-full bg-teal-50 text-xs font-semibold text-teal-800">
                    {index + 1}
                  </span>
                )}
                <span className="flex flex-col">
                  <span className="font-medium">{name(id)}</span>
                  {expected !== undefined && (
                    <span className="text-xs text-stone-600" data-testid="expected-payout">
                      {t('fund.people.expected', { date: longDate(expected) })}
                    </span>
                  )}
                </span>
              </span>
              <span className="flex flex-wrap gap-1">
                {tags(id).map((tag) => (
                  <span key={tag} className="rounded-full bg-stone-100 px-2 py-0.5 text-xs">
                    {tag}
                  </span>
                ))}
                {strikes > 0 && (
                  <span
                    className="rounded-full bg-red-100 px-2 py-0.5 text-xs text-red-900"
                    data-testid="strikes"
                  >
                    {t('fund.people.strikes', { count: strikes })}
                  </span>
                )}
                {(fund.debts[id] ?? 0) > 0 && (
                  <span className="rounded-full bg-red-100 px-2 py-0.5 text-xs text-red-900">
                    {t('fund.people.debt', { amount: euro(fund.debts[id]!) })}
                  </span>
                )}
                {canAskSwap(fund, userId, id) && (
                  <Button
                    variant="secondary"
                    className="min-h-9 px-3 py-1"
                    aria-label={t('fund.swaps.askLabel', { name: name(id) })}
                    disabled={swap.isPending}
                    onClick={() => swap.mutate({ kind: 'ask', fundId: fund.id, withMemberId: id })}
                  >
                    {t('fund.swaps.ask')}
                  </Button>
                )}
              </span>
            </li>
          );
        })}
      </ol>
      {others.length > 0 && fund.participants.length > 0 && (
        <p className="mt-1 text-xs text-stone-600">
          {t('fund.people.nextCycle', { names: others.map((m) => m.displayName).join(', ') })}
        </p>
      )}
    </section>
  );
}
