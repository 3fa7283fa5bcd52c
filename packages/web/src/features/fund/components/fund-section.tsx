import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Card } from '../../../components/ui/card';
import { LoadingStatus } from '../../../components/ui/loading-status';
import { euro } from '../../../lib/format';
import { lazyNamed } from '../../../lib/lazy-named';
import { useKeepFocus } from '../../../lib/use-keep-focus';
import { useFund } from '../api/fund-queries';
import type { NowCardAbove } from '../hooks/now-item';
import { DeadlineCountdown } from './deadline-countdown';
import { FundHistory } from './fund-history';
import { FUND_SECTION_ID } from './now-card';
import { ParticipantsList } from './participants-list';
import { PhasePanel } from './phase-panel';
import { RealtimeBadge } from './realtime-badge';
import { RiskPanel } from './risk-panel';
import { StartFund } from './start-fund';

// Swaps are rare: their cards load only when the fund has one.
const SwapsAskedOfMe = lazyNamed(() => import('./swap-turns'), 'SwapsAskedOfMe');
const SwapTurns = lazyNamed(() => import('./swap-turns'), 'SwapTurns');

/**
 * The organization's rotating fund: the phase, what it asks, the people, the past. On the home
 * page its card is headed "Rotating fund"; on its own page (`ownPage`), whose h1 already says
 * so, the card is headed by its cycle and phase instead, so a phone does not show the name twice.
 * `nowCardAbove`: the page shows the Now card above it (app/member-now), whose buttons this
 * section does not repeat.
 */
export function FundSection({
  userId,
  ownPage = false,
  nowCardAbove = null,
}: {
  userId: string;
  ownPage?: boolean;
  nowCardAbove?: NowCardAbove | null;
}) {
  const { t } = useTranslation();
  const query = useFund(true);
  // A swap answered, a payment confirmed: the focus stays in the fund, not back at the top.
  const keepFocus = useKeepFocus<HTMLElement>();
  const title = ownPage ? undefined : t('fund.title');
  if (query.isPending) {
    return (
      <Card title={title}>
        <LoadingStatus />
      </Card>
    );
  }
  if (query.isError) {
    return (
      <Card title={title}>
        <p role="alert" className="text-sm text-red-800">
          {t('fund.loadFailed')}
        </p>
      </Card>
    );
  }
  const fund = query.data ?? null;
  if (!fund || fund.phase === 'completed' || fund.phase === 'cancelled') {
    return (
      <div className="flex flex-col gap-4">
        <StartFund fund={fund} ownPage={ownPage} />
        {fund && (
          <Card>
            <FundHistory fund={fund} />
          </Card>
        )}
      </div>
    );
  }
  // The cycle and its phase head the card on the fund's own page, and open its first line on home.
  const Phase = ownPage ? 'span' : 'strong';
  const cyclePhase = (
    <>
      {t('fund.cycle', { number: fund.cycleNumber })} ·{' '}
      <Phase data-testid="fund-phase">{t(`fund.phase.${fund.phase}`)}</Phase>
    </>
  );
  const perRound =
    fund.finalAmountCents !== null && t('fund.monthly', { amount: euro(fund.finalAmountCents) });
  return (
    <Card
      id={FUND_SECTION_ID}
      ref={keepFocus}
      tabIndex={-1}
      data-testid="fund-section"
      data-phase={fund.phase}
    >
      <div className="mb-3 flex flex-wrap items-center justify-between gap-2">
        <h2 className="text-lg font-semibold text-stone-900">{ownPage ? cyclePhase : t('fund.title')}</h2>
        <RealtimeBadge />
      </div>
      <div className="flex flex-col gap-5">
        <div className="flex flex-col gap-2">
          {ownPage ? (
            perRound && <p className="text-sm text-stone-700">{perRound}</p>
          ) : (
            <p className="text-sm text-stone-700">
              {cyclePhase}
              {perRound && ` · ${perRound}`}
            </p>
          )}
          {fund.phaseDeadline && (
            <DeadlineCountdown deadline={fund.phaseDeadline} label={t('fund.phaseEnds')} />
          )}
        </div>
        {fund.swaps.some((s) => s.toId === userId) && (
          <Suspense fallback={null}>
            <SwapsAskedOfMe fund={fund} userId={userId} />
          </Suspense>
        )}
        <PhasePanel fund={fund} userId={userId} nowCardAbove={nowCardAbove} />
        {(fund.swaps.length > 0 || fund.swapHistory.length > 0) && (
          <Suspense fallback={null}>
            <SwapTurns fund={fund} userId={userId} />
          </Suspense>
        )}
        {fund.participants.length > 0 && <ParticipantsList fund={fund} userId={userId} />}
        <RiskPanel fund={fund} />
        <FundHistory fund={fund} />
      </div>
    </Card>
  );
}
