import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { preloadPage } from './app/routes';
import { sessionKey, sessionQueryFn } from './features/auth/api/session';
import { i18nReady } from './lib/i18n';
import { createQueryClient } from './lib/query-client';
import { reloadOnceIfStale } from './lib/stale-build';
import './styles.css';

reloadOnceIfStale();

// Everything the first screen needs starts now, side by side: the strings (lib/i18n), the page's
// own chunk and the session check; the first render waits only for the strings.
const queryClient = createQueryClient();
void queryClient.prefetchQuery({ queryKey: sessionKey, queryFn: sessionQueryFn });
preloadPage(window.location.pathname);
await i18nReady;

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App queryClient={queryClient} />
  </StrictMode>,
);
