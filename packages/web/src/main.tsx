import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { prefetchPageData } from './app/page-data';
import { preloadPage } from './app/routes';
import { sessionKey, sessionQueryFn } from './features/auth/api/session';
import i18n, { APP_STRINGS, i18nReady } from './lib/i18n';
import { createQueryClient } from './lib/query-client';
import { reloadOnceIfStale } from './lib/stale-build';
import './styles.css';

reloadOnceIfStale();

// Everything the first screen needs starts now, side by side: the strings (lib/i18n), the page's
// own chunk and the session check. The first render waits for the strings and the session
// check (they arrive together): a member whose saved language is not this device's gets theirs
// before anything is painted, not a page that changes language under their finger.
const queryClient = createQueryClient();
const session = queryClient.fetchQuery({ queryKey: sessionKey, queryFn: sessionQueryFn }).catch(() => null);
preloadPage(window.location.pathname);
const [, check] = await Promise.all([i18nReady, session]);
const user = check?.user;
if (user) {
  // A member: their page's data and the signed-in strings, in their language, all at once.
  prefetchPageData(queryClient, window.location.pathname, user);
  if (user.languagePreference !== i18n.language) await i18n.changeLanguage(user.languagePreference);
  void i18n.loadNamespaces(APP_STRINGS);
}

// A transition: React renders the first screen in slices, yielding to the browser between
// them, instead of one long task a phone cannot answer a tap during.
const root = createRoot(document.getElementById('root')!);
startTransition(() => {
  root.render(
    <StrictMode>
      <App queryClient={queryClient} />
    </StrictMode>,
  );
});
