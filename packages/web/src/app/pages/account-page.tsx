import { type ReactNode, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import { BackLink } from '../../components/ui/back-link';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { LoadingStatus } from '../../components/ui/loading-status';
import { toast } from '../../components/ui/toast-store';
import {
  type AccountSection,
  AccountSections,
  sectionId,
} from '../../features/account/components/account-sections';
import { BillingAddressCard } from '../../features/account/components/billing-address-card';
import { CalendarCard } from '../../features/account/components/calendar-card';
import { DeleteAccount } from '../../features/account/components/delete-account';
import { NotificationsCard } from '../../features/account/components/notifications-card';
import { ChangePasswordForm, PaypalForm, ProfileForm } from '../../features/account/components/profile-forms';
import { SecurityCard } from '../../features/account/components/security-card';
import { useLogout } from '../../features/auth/api/auth-mutations';
import { useServerConfig } from '../../features/auth/api/public';
import { useUser } from '../../features/auth/api/session';
import { useFund } from '../../features/fund/api/fund-queries';
import { useOrganization } from '../../features/organization/api/organization';
import { InviteCard } from '../../features/organization/components/invite-card';
import { LeaveButton } from '../../features/organization/components/leave-button';
import { JoinForm, OrganizationChoice } from '../../features/organization/components/organization-forms';
import { OrganizationInfo } from '../../features/organization/components/organization-info';
import { PayoutAccountPanel } from '../../features/payments/components/payout-account-panel';
import { SandboxTestPayment } from '../../features/payments/components/sandbox-test-payment';
import { PayoutsOwed } from '../../features/requests/components/payouts-owed';
import { STATEMENT_URL } from '../../features/statistics/api/statistics';
import { errorText } from '../../lib/api-client';
import { usePageTitle } from '../../lib/i18n';
import { paths } from '../../lib/paths';

/** One of the page's parts, reached from the links under its title. */
function Part({ section, children }: { section: AccountSection; children: ReactNode }) {
  return (
    <div id={sectionId(section)} className="flex scroll-mt-4 flex-col gap-4">
      {children}
    </div>
  );
}

export default function AccountPage() {
  const { t } = useTranslation();
  usePageTitle(t('account.title'));
  const { user } = useUser();
  const [, navigate] = useLocation();
  const organization = useOrganization(Boolean(user?.familyId));
  // The fund's round waiting for this member's account (features/fund), for the account's panel.
  const round = useFund(Boolean(user?.familyId)).data?.round;
  const roundWaitsUntil =
    round?.recipientId === user?.id && round?.state === 'awaiting_withdrawal'
      ? round.recipientTimeoutAt
      : null;
  const config = useServerConfig();
  const logout = useLogout();
  if (!user) return null;
  const signOut = () =>
    logout.mutate(undefined, {
      onSuccess: () => navigate(paths.auth),
      onError: (error) =>
        toast({ title: t('auth.logoutFailed'), description: errorText(error), variant: 'destructive' }),
    });
  return (
    <div className="flex flex-col gap-4">
      <BackLink href={paths.dashboard}>{t('account.back')}</BackLink>
      {/* Signing out beside the title: on a phone the page's end is six screens down. */}
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h1 className="text-2xl font-bold">{t('account.title')}</h1>
        <Button variant="secondary" onClick={signOut} data-testid="logout-button">
          {t('auth.signOut')}
        </Button>
      </div>
      <AccountSections />
      <Part section="profile">
        <Card title={t('account.info')}>
          <dl className="grid gap-2 text-sm sm:grid-cols-2">
            <div>
              <dt className="text-stone-600">{t('auth.username')}</dt>
              <dd className="font-medium">{user.username}</dd>
            </div>
            <div>
              <dt className="text-stone-600">{t('account.displayName')}</dt>
              <dd className="font-medium">{user.displayName}</dd>
            </div>
            <div>
              <dt className="text-stone-600">{t('auth.email')}</dt>
              <dd className="font-medium">
                {user.email}{' '}
                <span
                  className={`ml-1 rounded px-2 py-0.5 text-xs ${user.emailVerified ? 'bg-teal-50 text-teal-900' : 'bg-amber-50 text-amber-900'}`}
                >
                  {user.emailVerified ? t('account.verified') : t('account.notVerified')}
                </span>
              </dd>
            </div>
          </dl>
        </Card>
        <ProfileForm user={user} />
      </Part>
      <Part section="notifications">
        <NotificationsCard userId={user.id} />
        <CalendarCard />
      </Part>
      <Part section="payments">
        {/* Before the account that receives them: a payout owed from a family left (ADR 0057). */}
        <PayoutsOwed />
        <PayoutAccountPanel roundWaitsUntil={roundWaitsUntil} />
        <PaypalForm user={user} />
        <BillingAddressCard />
        <SandboxTestPayment hasPaypalEmail={Boolean(user.paypalEmail)} />
      </Part>
      <Part section="organization">
        {user.familyId ? (
          organization.data ? (
            <>
              <OrganizationInfo organization={organization.data} />
              <InviteCard organization={organization.data} />
              <Card title={t('organization.joinAnother')}>
                <JoinForm hasOrganization />
              </Card>
              <Card title={t('organization.leaveTitle')}>
                <LeaveButton organizationName={organization.data.name} />
              </Card>
            </>
          ) : organization.isError ? (
            <p role="alert" className="text-red-800">
              {t('organization.loadFailed')}
            </p>
          ) : (
            <Card title={t('account.sections.organization')}>
              <LoadingStatus data-testid="organization-loading" />
            </Card>
          )
        ) : (
          <OrganizationChoice isInviteOnly={config.data?.registration === 'invite-only'} />
        )}
      </Part>
      <Part section="security">
        <ChangePasswordForm />
        {/* Its strings come with it (lib/i18n's `account`): the rest of the page does not wait. */}
        <Suspense fallback={null}>
          <SecurityCard statementUrl={STATEMENT_URL} />
        </Suspense>
        <DeleteAccount />
      </Part>
    </div>
  );
}
