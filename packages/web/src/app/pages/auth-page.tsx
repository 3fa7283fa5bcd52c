import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Redirect, useLocation, useParams } from 'wouter';
import { Card } from '../../components/ui/card';
import { LoadingScreen } from '../../components/ui/loading-screen';
import { Tabs } from '../../components/ui/tabs';
import { useInvitePreview, useServerConfig } from '../../features/auth/api/public';
import { useUser } from '../../features/auth/api/session';
import { LoginForm } from '../../features/auth/components/login-form';
import { usePageTitle } from '../../lib/i18n';
import { paths } from '../../lib/paths';
import { recoverable } from '../../lib/stale-build';

const AuthRegisterPanel = lazy(recoverable(() => import('./auth-register-panel')));
const AuthSignedInInvite = lazy(recoverable(() => import('./auth-signed-in-invite')));
const preloadRegisterPanel = () => void import('./auth-register-panel').catch(() => {});

/**
 * Sign in and registration; /invite/{code} opens it on the join tab (or create, for a tester
 * invite). The sign-in form shows at once, while the session check runs: a visitor who turns
 * out to be signed in is sent on to the home page.
 */
export default function AuthPage() {
  const { t } = useTranslation();
  const { inviteCode } = useParams<{ inviteCode?: string }>();
  const [, navigate] = useLocation();
  const { user, isLoading } = useUser();
  const preview = useInvitePreview(inviteCode);
  const config = useServerConfig();
  const [tab, setTab] = useState<'login' | 'register'>(inviteCode ? 'register' : 'login');
  usePageTitle(tab === 'login' ? t('auth.signIn') : t('auth.register'));
  const done = () => navigate(paths.dashboard);

  if (inviteCode && (isLoading || preview.isLoading)) return <LoadingScreen text={t('loading.auth')} />;
  if (user && !inviteCode) return <Redirect to={paths.dashboard} replace />;
  if (user && inviteCode) {
    return (
      <Suspense fallback={<LoadingScreen text={t('loading.page')} />}>
        <AuthSignedInInvite
          user={user}
          inviteCode={inviteCode}
          preview={preview.data}
          isPreviewError={preview.isError}
          onDone={done}
        />
      </Suspense>
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
      <Tabs
        label={t('auth.title')}
        value={tab}
        onChange={setTab}
        className="bg-stone-200"
        items={[
          { value: 'login', label: t('auth.signIn'), testId: 'login-tab' },
          {
            value: 'register',
            label: t('auth.register'),
            testId: 'register-tab',
            onIntent: preloadRegisterPanel,
          },
        ]}
      >
        <Card>
          {tab === 'login' ? (
            <LoginForm onDone={done} />
          ) : (
            <Suspense fallback={<LoadingScreen text={t('loading.page')} />}>
              <AuthRegisterPanel
                inviteCode={inviteCode}
                isTester={preview.data?.kind === 'tester'}
                onDone={done}
              />
            </Suspense>
          )}
        </Card>
      </Tabs>
    </div>
  );
}
