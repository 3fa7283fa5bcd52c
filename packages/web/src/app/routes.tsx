import { type ComponentType, lazy, type ReactNode, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Redirect, Route, Switch } from 'wouter';
import { LoadingScreen } from '../components/ui/loading-screen';
import { useUser } from '../features/auth/api/session';
import { paths } from '../lib/paths';

// Every page is its own chunk: the first load carries only the shell.
const DashboardPage = lazy(() => import('./pages/dashboard-page'));
const AccountPage = lazy(() => import('./pages/account-page'));
const StatisticsPage = lazy(() => import('./pages/statistics-page'));
const RequestPage = lazy(() => import('./pages/request-page'));
const AuthPage = lazy(() => import('./pages/auth-page'));
const VerifyEmailPage = lazy(() => import('./pages/verify-email-page'));
const EmailVerifiedPage = lazy(() => import('./pages/email-verified-page'));
const ForgotPasswordPage = lazy(() => import('./pages/forgot-password-page'));
const ResetPasswordPage = lazy(() => import('./pages/reset-password-page'));
const DeleteAccountConfirmPage = lazy(() => import('./pages/delete-account-confirm-page'));
const StaticPage = lazy(() => import('./pages/static-page'));
const AdminPage = lazy(() => import('./pages/admin-page'));
/** The admin pages of monitoring, logs and emails (features/admin-monitoring), by path segment. */
const adminMonitoringPages: Record<string, ComponentType> = {
  'api-monitoring': lazy(() => import('./pages/admin-api-monitoring-page')),
  'api-logs': lazy(() => import('./pages/admin-api-logs-page')),
  'email-tracking': lazy(() => import('./pages/admin-email-tracking-page')),
  'email-templates': lazy(() => import('./pages/admin-email-templates-page')),
};
const NotFoundPage = lazy(() => import('./pages/not-found-page'));

/** Signed-out visitors go to /auth; the check shows the auth loading screen meanwhile. */
function RequireAuth({ children, admin = false }: { children: ReactNode; admin?: boolean }) {
  const { t } = useTranslation();
  const { user, isLoading } = useUser();
  if (isLoading) return <LoadingScreen text={t('loading.auth')} />;
  if (!user) return admin ? <NotFoundPage /> : <Redirect to={paths.auth} replace />;
  // The client guard only hides admin pages; the server enforces the role.
  if (admin && user.role !== 'admin') return <NotFoundPage />;
  return <>{children}</>;
}

export function AppRoutes() {
  const { t } = useTranslation();
  return (
    <Suspense fallback={<LoadingScreen text={t('loading.page')} />}>
      <Switch>
        <Route path={paths.dashboard}>
          <RequireAuth>
            <DashboardPage />
          </RequireAuth>
        </Route>
        <Route path="/requests/:id">
          {(params) => (
            <RequireAuth>
              <RequestPage id={params.id} />
            </RequireAuth>
          )}
        </Route>
        <Route path={paths.account}>
          <RequireAuth>
            <AccountPage />
          </RequireAuth>
        </Route>
        <Route path={paths.statistics}>
          <RequireAuth>
            <StatisticsPage />
          </RequireAuth>
        </Route>
        {/* Back from Stripe onboarding: only these two steps exist; any other is not found. */}
        <Route path={paths.stripeReturn}>
          <RequireAuth>
            <AccountPage />
          </RequireAuth>
        </Route>
        <Route path={paths.stripeRefresh}>
          <RequireAuth>
            <AccountPage />
          </RequireAuth>
        </Route>
        <Route path={paths.auth} component={AuthPage} />
        <Route path="/invite/:inviteCode" component={AuthPage} />
        <Route path={paths.verifyEmail} component={VerifyEmailPage} />
        <Route path={paths.emailVerified} component={EmailVerifiedPage} />
        <Route path={paths.forgotPassword} component={ForgotPasswordPage} />
        <Route path={paths.resetPassword} component={ResetPasswordPage} />
        <Route path={paths.deleteAccountConfirm} component={DeleteAccountConfirmPage} />
        <Route path={paths.privacy}>
          <StaticPage page="privacy" />
        </Route>
        <Route path={paths.terms}>
          <StaticPage page="terms" />
        </Route>
        <Route path={paths.admin}>
          <RequireAuth admin>
            <AdminPage />
          </RequireAuth>
        </Route>
        <Route path="/admin/:page">
          {(params) =>
            (paths.adminPages as readonly string[]).includes(params.page) ? (
              <RequireAuth admin>
                {(() => {
                  const MonitoringPage = adminMonitoringPages[params.page];
                  return MonitoringPage ? <MonitoringPage /> : <AdminPage page={params.page} />;
                })()}
              </RequireAuth>
            ) : (
              <NotFoundPage />
            )
          }
        </Route>
        <Route component={NotFoundPage} />
      </Switch>
    </Suspense>
  );
}
