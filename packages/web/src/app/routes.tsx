import { type ComponentType, lazy, type ReactNode, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Redirect, Route, Switch } from 'wouter';
import { LoadingScreen } from '../components/ui/loading-screen';
import { useUser } from '../features/auth/api/session';
import { ADMIN_PAGE_STRINGS, ALL_STRINGS, preloadVisitorPageStrings } from '../lib/i18n';
import { loadOnce } from '../lib/lazy-named';
import { paths } from '../lib/paths';
import { recoverable } from '../lib/stale-build';
import { pageAt } from './page-paths';

/** A visitor's other page: its strings (lib/i18n's `pages`) are asked for beside its chunk. */
function visitorPage<T>(load: () => Promise<T>): () => Promise<T> {
  return () => {
    preloadVisitorPageStrings();
    return load();
  };
}

// Every page is its own chunk: the first load carries only the shell. A chunk that is gone (a
// newer build was deployed) reloads the tab into the new build (lib/stale-build.ts). Each is
// asked for once (loadOnce): the page preloaded before the first render is in when it renders.
const pages = {
  dashboard: loadOnce(() => import('./pages/dashboard-page')),
  fund: loadOnce(() => import('./pages/fund-page')),
  requests: loadOnce(() => import('./pages/requests-page')),
  account: loadOnce(() => import('./pages/account-page')),
  statistics: loadOnce(() => import('./pages/statistics-page')),
  request: loadOnce(() => import('./pages/request-page')),
  auth: loadOnce(() => import('./pages/auth-page')),
  verifyEmail: loadOnce(visitorPage(() => import('./pages/verify-email-page'))),
  emailVerified: loadOnce(visitorPage(() => import('./pages/email-verified-page'))),
  forgotPassword: loadOnce(visitorPage(() => import('./pages/forgot-password-page'))),
  resetPassword: loadOnce(visitorPage(() => import('./pages/reset-password-page'))),
  deleteAccountConfirm: loadOnce(() => import('./pages/delete-account-confirm-page')),
  static: loadOnce(visitorPage(() => import('./pages/static-page'))),
  admin: loadOnce(() => import('./pages/admin-page')),
  notFound: loadOnce(visitorPage(() => import('./pages/not-found-page'))),
};

/** Starts loading the chunk of the page at `path` (main.tsx, before the first render). */
export function preloadPage(path: string): Promise<unknown> {
  const page = pageAt(path);
  return page ? pages[page]().catch(() => {}) : Promise.resolve();
}

const DashboardPage = lazy(recoverable(pages.dashboard));
const AccountPage = lazy(recoverable(pages.account));
const FundPage = lazy(recoverable(pages.fund));
const RequestsPage = lazy(recoverable(pages.requests));
const StatisticsPage = lazy(recoverable(pages.statistics));
const RequestPage = lazy(recoverable(pages.request));
const AuthPage = lazy(recoverable(pages.auth));
const VerifyEmailPage = lazy(recoverable(pages.verifyEmail));
const EmailVerifiedPage = lazy(recoverable(pages.emailVerified));
const ForgotPasswordPage = lazy(recoverable(pages.forgotPassword));
const ResetPasswordPage = lazy(recoverable(pages.resetPassword));
const DeleteAccountConfirmPage = lazy(recoverable(pages.deleteAccountConfirm));
const StaticPage = lazy(recoverable(pages.static));
const AdminPage = lazy(recoverable(pages.admin));
/** The admin pages of monitoring, logs and emails (features/admin-monitoring), by path segment. */
const adminMonitoringPages: Record<string, ComponentType> = {
  'api-monitoring': lazy(recoverable(() => import('./pages/admin-api-monitoring-page'))),
  'api-logs': lazy(recoverable(() => import('./pages/admin-api-logs-page'))),
  'email-tracking': lazy(recoverable(() => import('./pages/admin-email-tracking-page'))),
  'email-templates': lazy(recoverable(() => import('./pages/admin-email-templates-page'))),
};
const NotFoundPage = lazy(recoverable(pages.notFound));

/** Signed-out visitors go to /auth; the check shows the auth loading screen meanwhile. */
function RequireAuth({ children, admin = false }: { children: ReactNode; admin?: boolean }) {
  // The signed-in pages' strings: suspends (the loading screen) until they are in.
  const { t } = useTranslation(admin ? ADMIN_PAGE_STRINGS : ALL_STRINGS);
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
        <Route path={paths.fund}>
          <RequireAuth>
            <FundPage />
          </RequireAuth>
        </Route>
        <Route path={paths.requests}>
          <RequireAuth>
            <RequestsPage />
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
