import { QueryClientProvider } from '@tanstack/react-query';
import { useState } from 'react';
import { ErrorBoundary } from '../components/ui/error-boundary';
import { Toaster } from '../components/ui/toaster';
import { CookieBanner } from '../features/cookies/components/cookie-banner';
import { InstallBanner } from '../features/pwa/components/install-banner';
import { UpdateCard } from '../features/pwa/components/update-card';
import { createQueryClient } from '../lib/query-client';
import { Layout } from './layout';
import { Realtime } from './realtime';
import { AppRoutes } from './routes';

export function App() {
  const [queryClient] = useState(createQueryClient);
  return (
    <ErrorBoundary>
      <QueryClientProvider client={queryClient}>
        <Realtime />
        <Layout>
          <AppRoutes />
        </Layout>
        <Toaster />
        <CookieBanner />
        <InstallBanner />
        <UpdateCard />
      </QueryClientProvider>
    </ErrorBoundary>
  );
}
