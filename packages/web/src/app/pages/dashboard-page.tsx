import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { Deferred } from '../../components/ui/deferred';
import { LoadingScreen } from '../../components/ui/loading-screen';
import { useServerConfig } from '../../features/auth/api/public';
import { useUser } from '../../features/auth/api/session';
import { useDashboard } from '../../features/dashboard/api/dashboard';
import { Stats } from '../../features/dashboard/components/stats';
import { InviteCard } from '../../features/organization/components/invite-card';
import { OrganizationInfo } from '../../features/organization/components/organization-info';
import { usePageTitle } from '../../lib/i18n';
import { lazyNamed } from '../../lib/lazy-named';
import { paths } from '../../lib/paths';
import { useAfterFirstPaint } from '../../lib/use-after-first-paint';
import { DebtNowWithoutOrganization, MemberNow, useNowCardAbove } from '../member-now';

// Only a member without an organization sees these.
const OrganizationChoice = lazyNamed(
  () => import('../../features/organization/components/organization-forms'),
  'OrganizationChoice',
);
// Below a phone's first screen: chunks of their own, built once that screen is up (Deferred).
const FundSection = lazyNamed(() => import('../../features/fund/components/fund-section'), 'FundSection');
const AlertsPanel = lazyNamed(() => import('../../features/fund/components/alerts-panel'), 'AlertsPanel');
// Only a member owed the payout of a request of theirs sees it.
const PayoutsOwed = lazyNamed(() => import('../../features/requests/components/payouts-owed'), 'PayoutsOwed');
const RequestsSection = lazyNamed(() => import('../requests-with-account-note'), 'RequestsWithAccountNote');
const Leaderboard = lazyNamed(
  () => import('../../features/organization/components/leaderboard'),
  'Leaderboard',
);
// Only where the server runs a test clock (the demo).
const TestClockControl = lazyNamed(
  () => import('../../features/fund/components/test-clock-control'),
  'TestClockControl',
);

export default function DashboardPage() {
  const { t } = useTranslation();
  usePageTitle(t('nav.home'));
  const { user } = useUser();
  const dashboard = useDashboard(Boolean(user));
  const nowCard = useNowCardAbove(user?.id ?? '');
  // Asked for once the first screen is up: nearly every member has none, and its chunk and read
  // would compete with the Now card's.
  const isPainted = useAfterFirstPaint();
  if (!user || dashboard.isLoading) return <LoadingScreen text={t('loading.page')} />;
  if (dashboard.isError || !dashboard.data) {
    return (
      <p role="alert" className="text-red-800">
        {t('dashboard.loadFailed')}
      </p>
    );
  }
  const { organization, userStats, leaderboard } = dashboard.data;
  // Alone in a new organization, inviting the others is the thing to do now: before the totals
  // (all zero until there is a fund), on the first screen.
  const alone = organization?.memberCount === 1;
  return (
    <div className="flex flex-col gap-6">
      <h1 className="text-2xl font-bold" data-testid="dashboard-welcome">
        {t('dashboard.welcome', { name: user.displayName })}
      </h1>
      {organization ? (
        <>
          <MemberNow userId={user.id} />
          {/* The money raised by a request of theirs whose payout failed waits for them: the Now
              card says nothing of requests. Nothing at all when there is none. */}
          {isPainted && (
            <Suspense fallback={null}>
              <PayoutsOwed />
            </Suspense>
          )}
        </>
      ) : (
        <>
          <DebtNowWithoutOrganization userId={user.id} />
          {/* What someone in no family was told (expelled, a payout of theirs to retry: ADR 0057)
              comes before their totals and the way into another family. */}
          <Suspense fallback={null}>
            <PayoutsOwed />
            <AlertsPanel onlyWithAlerts />
          </Suspense>
        </>
      )}
      {alone && <InviteCard organization={organization} />}
      <Stats stats={userStats} />
      <p className="flex flex-wrap gap-x-4 text-sm font-medium">
        <Link
          href={paths.statistics}
          className="tap-height text-teal-800 underline"
          data-testid="statistics-link"
        >
          {t('statistics.open')}
        </Link>
        {user.role === 'admin' && (
          <Link href={paths.admin} className="tap-height text-teal-800 underline" data-testid="admin-link">
            {t('dashboard.openAdmin')}
          </Link>
        )}
      </p>
      {organization ? (
        <>
          {/* Below a phone's first screen: built once that screen is up (components/ui/deferred). */}
          <Deferred className="flex flex-col gap-6">
            <div className="grid gap-4 md:grid-cols-2">
              <OrganizationInfo organization={organization} showTotals />
              {!alone && <InviteCard organization={organization} />}
            </div>
            <Leaderboard members={leaderboard} />
            <div className="grid gap-4 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
              <div className="flex flex-col gap-4">
                <RequestsSection userId={user.id} />
                <FundSection userId={user.id} nowCardAbove={nowCard} />
              </div>
              <div className="flex flex-col gap-4">
                <AlertsPanel />
                <TestClockIfRunning />
              </div>
            </div>
          </Deferred>
        </>
      ) : (
        <Suspense fallback={<LoadingScreen text={t('loading.page')} />}>
          <ChooseOrganization />
        </Suspense>
      )}
    </div>
  );
}

/**
 * The demo's test clock, where the server runs one. The server's config is read here, below the
 * first screen, not by the page: asked for with the page, it was one more request in the
 * first screen's way on a phone's network.
 */
function TestClockIfRunning() {
  const config = useServerConfig();
  if (!config.data?.testClock) return null;
  return (
    <Suspense fallback={null}>
      <TestClockControl />
    </Suspense>
  );
}

/** A member without an organization creates one or joins one (invite-only: joins only). */
function ChooseOrganization() {
  const config = useServerConfig();
  return <OrganizationChoice isInviteOnly={config.data?.registration === 'invite-only'} />;
}
