import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { lazy, Suspense } from 'react';
import { ErrorBoundary } from '../components/ui/error-boundary';
import { LazyToaster } from '../components/ui/lazy-toaster';
import { CookieBanner } from '../features/cookies/components/cookie-banner';
import { recoverable } from '../lib/stale-build';
import { useAfterFirstPaint } from '../lib/use-after-first-paint';
import { Layout } from './layout';
import { AppRoutes } from './routes';

const ShellExtras = lazy(recoverable(() => import('./shell-extras')));

export function App({ queryClient }: { queryClient: QueryClient }) {
  const isPainted = useAfterFirstPaint();
  return (
    <ErrorBoundary>
      <QueryClientProvider client={queryClient}>
        <Layout>
          <AppRoutes />
        </Layout>
        <LazyToaster />
        {/* With the page, not after it: on a first visit it is the first thing to answer. */}
        <CookieBanner />
        {isPainted && (
          <Suspense fallback={null}>
            <ShellExtras />
          </Suspense>
        )}
      </QueryClientProvider>
    </ErrorBoundary>
  );
}
