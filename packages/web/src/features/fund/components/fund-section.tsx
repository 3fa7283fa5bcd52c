import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Card } from '../../../components/ui/card';
import { euro } from '../../../lib/format';
import { lazyNamed } from '../../../lib/lazy-named';
import { useFund } from '../api/fund-queries';
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

/** The organization's rotating fund on the dashboard: the phase, what it asks, the people, the past. */
export function FundSection({ userId }: { userId: string }) {
  const { t } = useTranslation();
  const query = useFund(true);
  if (query.isLoading) {
    return (
      <Card title={t('fund.title')}>
        <p className="text-sm text-stone-700">{t('common.loading')}</p>
      </Card>
    );
  }
  if (query.isError) {
    return (
      <Card title={t('fund.title')}>
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
        <StartFund fund={fund} />
        {fund && (
          <Card>
            <FundHistory fund={fund} />
          </Card>
        )}
      </div>
    );
  }
  return (
    <Card id={FUND_SECTION_ID} tabIndex={-1} data-testid="fund-section" data-phase={fund.phase}>
      <div className="mb-3 flex flex-wrap items-center justify-between gap-2">
        <h2 className="text-lg font-semibold text-stone-900">{t('fund.title')}</h2>
        <RealtimeBadge />
      </div>
      <div className="flex flex-col gap-5">
        <div className="flex flex-col gap-2">
          <p className="text-sm text-stone-700">
            {t('fund.cycle', { number: fund.cycleNumber })} ·{' '}
            <strong data-testid="fund-phase">{t(`fund.phase.${fund.phase}`)}</strong>
            {fund.finalAmountCents !== null &&
              ` · ${t('fund.monthly', { amount: euro(fund.finalAmountCents) })}`}
          </p>
          {fund.phaseDeadline && (
            <DeadlineCountdown deadline={fund.phaseDeadline} label={t('fund.phaseEnds')} />
          )}
        </div>
        {fund.swaps.some((s) => s.toId === userId) && (
          <Suspense fallback={null}>
            <SwapsAskedOfMe fund={fund} userId={userId} />
          </Suspense>
        )}
        <PhasePanel fund={fund} userId={userId} />
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
