import * as Tabs from '@radix-ui/react-tabs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Redirect, useLocation, useParams } from 'wouter';
import { Card } from '../../components/ui/card';
import { LoadingScreen } from '../../components/ui/loading-screen';
import { useInvitePreview, useServerConfig } from '../../features/auth/api/public';
import { useUser } from '../../features/auth/api/session';
import { LoginForm } from '../../features/auth/components/login-form';
import { RegisterForm } from '../../features/auth/components/register-form';
import { saveConsent, useCookieConsent } from '../../features/cookies/api/consent-store';
import { CreateOrganizationForm, JoinForm } from '../../features/organization/components/organization-forms';
import { paths } from '../../lib/paths';

const tabClass =
  'flex-1 rounded-lg px-3 py-2 text-sm font-semibold text-stone-700 data-[state=active]:bg-white data-[state=active]:text-teal-900 data-[state=active]:shadow focus-visible:outline-3 focus-visible:outline-teal-600';

/** Sign in and registration; /invite/{code} opens it on the join tab (or create, for a tester invite). */
export default function AuthPage() {
  const { t } = useTranslation();
  const { inviteCode } = useParams<{ inviteCode?: string }>();
  const [, navigate] = useLocation();
  const { user, isLoading } = useUser();
  const preview = useInvitePreview(inviteCode);
  const config = useServerConfig();
  const consent = useCookieConsent();
  const isTester = preview.data?.kind === 'tester';
  const [tab, setTab] = useState(inviteCode ? 'register' : 'login');
  const [mode, setMode] = useState<'create' | 'join' | null>(null);
  const registerMode = mode ?? (inviteCode && !isTester ? 'join' : 'create');
  const acceptFunctional = () =>
    saveConsent({
      analytics: consent?.analytics ?? false,
      marketing: consent?.marketing ?? false,
      functional: true,
    });
  const done = () => navigate(paths.dashboard);

  if (isLoading || (inviteCode && preview.isLoading)) return <LoadingScreen text={t('loading.auth')} />;
  if (user && !inviteCode) return <Redirect to={paths.dashboard} replace />;
  if (user && inviteCode) {
    // Signed in: an organization code fills the join form, a tester invite the create form.
    if (isTester) {
      return (
        <Card title={t('organization.createTitle')} className="mx-auto max-w-md">
          {user.familyId && <p className="mb-3 text-sm text-stone-700">{t('organization.leaveToCreate')}</p>}
          <CreateOrganizationForm
            isInviteOnly={config.data?.registration === 'invite-only'}
            testerInvite={inviteCode}
            onDone={done}
          />
        </Card>
      );
    }
    return (
      <Card
        title={t('auth.joinTitle', {
          name: preview.data?.kind === 'organization' ? preview.data.organizationName : '',
        })}
        className="mx-auto max-w-md"
      >
        {preview.isError && (
          <p role="alert" className="mb-3 rounded-xl bg-red-50 p-3 text-red-900">
            {t('auth.invalidInvite')}
          </p>
        )}
        <JoinForm hasOrganization={Boolean(user.familyId)} initialCode={inviteCode} onDone={done} />
      </Card>
    );
  }

  return (
    <div className="mx-auto flex max-w-lg flex-col gap-4">
      <h1 className="text-2xl font-bold">{t('auth.title')}</h1>
      {inviteCode && preview.data?.kind === 'organization' && (
        <p className="rounded-xl bg-teal-50 p-3 text-teal-900">
          {t('auth.invitedTo', {
            name: preview.data.organizationName,
            type: t(`organizationTypes.${preview.data.type}`),
          })}
        </p>
      )}
      {inviteCode && preview.isError && (
        <p role="alert" className="rounded-xl bg-red-50 p-3 text-red-900">
          {t('auth.invalidInvite')}
        </p>
      )}
      {config.data?.registration === 'invite-only' && (
        <p className="text-sm text-stone-700">{t('auth.privateTesting')}</p>
      )}
      <Tabs.Root value={tab} onValueChange={setTab}>
        <Tabs.List aria-label={t('auth.title')} className="flex gap-1 rounded-xl bg-stone-200 p-1">
          <Tabs.Trigger value="login" data-testid="login-tab" className={tabClass}>
            {t('auth.signIn')}
          </Tabs.Trigger>
          <Tabs.Trigger value="register" data-testid="register-tab" className={tabClass}>
            {t('auth.register')}
          </Tabs.Trigger>
        </Tabs.List>
        <Tabs.Content value="login" className="mt-4">
          <Card>
            <LoginForm onDone={done} />
          </Card>
        </Tabs.Content>
        <Tabs.Content value="register" className="mt-4">
          <Card>
            <Tabs.Root value={registerMode} onValueChange={(value) => setMode(value as 'create' | 'join')}>
              <Tabs.List
                aria-label={t('auth.register')}
                className="mb-4 flex gap-1 rounded-xl bg-stone-100 p-1"
              >
                <Tabs.Trigger value="create" data-testid="create-tab" className={tabClass}>
                  {t('auth.createTab')}
                </Tabs.Trigger>
                <Tabs.Trigger value="join" data-testid="join-tab" className={tabClass}>
                  {t('auth.joinTab')}
                </Tabs.Trigger>
              </Tabs.List>
              {(['create', 'join'] as const).map((value) => (
                <Tabs.Content key={value} value={value}>
                  <RegisterForm
                    mode={value}
                    inviteCode={isTester ? undefined : inviteCode}
                    testerInvite={isTester ? inviteCode : undefined}
                    functionalCookies={consent?.functional === true}
                    onAcceptFunctional={acceptFunctional}
                    onDone={done}
                  />
                </Tabs.Content>
              ))}
            </Tabs.Root>
          </Card>
        </Tabs.Content>
      </Tabs.Root>
    </div>
  );
}
