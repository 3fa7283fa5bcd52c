import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Redirect } from 'wouter';
import { useServerConfig } from '../../features/auth/api/public';
import { useUser } from '../../features/auth/api/session';
import { FundSection } from '../../features/fund/components/fund-section';
import { ALL_STRINGS, usePageTitle } from '../../lib/i18n';
import { lazyNamed } from '../../lib/lazy-named';
import { paths } from '../../lib/paths';
import { MemberNow, useNowCardAbove } from '../member-now';

const AlertsPanel = lazyNamed(() => import('../../features/fund/components/alerts-panel'), 'AlertsPanel');
// Only where the server runs a test clock (the demo).
const TestClockControl = lazyNamed(
  () => import('../../features/fund/components/test-clock-control'),
  'TestClockControl',
);

/**
 * The fund on a page of its own (issue 13, /fund: the bottom bar's Fund, the fund's alerts'
 * links): what this member owes first, then the fund; on a desktop the alerts beside it.
 */
export default function FundPage() {
  const { t } = useTranslation(ALL_STRINGS);
  usePageTitle(t('fund.title'));
  const { user } = useUser();
  const config = useServerConfig();
  const nowCard = useNowCardAbove(user?.id ?? '');
  if (!user) return null;
  // No organization, no fund: home is where one is created or joined.
  if (!user.familyId) return <Redirect to={paths.dashboard} replace />;
  return (
    <div className="flex flex-col gap-6">
      <h1 className="text-2xl font-bold">{t('fund.title')}</h1>
      <MemberNow userId={user.id} />
      <div className="grid gap-4 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
        <FundSection userId={user.id} ownPage nowCardAbove={nowCard} />
        <div className="flex flex-col gap-4">
          <Suspense fallback={null}>
            <AlertsPanel />
            {config.data?.testClock && <TestClockControl />}
          </Suspense>
        </div>
      </div>
    </div>
  );
}
