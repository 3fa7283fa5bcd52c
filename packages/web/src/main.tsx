import { onlineManager } from '@tanstack/react-query';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { preloadMemberShell } from './app/layout';
import { prefetchLikelyPageData, prefetchPageData } from './app/page-data';
import { preloadPage } from './app/routes';
import { sessionKey, sessionQueryFn, wasSignedIn } from './features/auth/api/session';
import i18n, { APP_STRINGS, i18nReady } from './lib/i18n';
import { createQueryClient } from './lib/query-client';
import { reloadOnceIfStale } from './lib/stale-build';
import './styles.css';

reloadOnceIfStale();
// A deploy may name its build (VITE_BUILD_ID at build time): the page says which one it runs.
if (import.meta.env.VITE_BUILD_ID) document.documentElement.dataset.build = import.meta.env.VITE_BUILD_ID;

// Everything the first screen needs starts now, side by side: the strings (lib/i18n), the page's
// own chunk and the session check; once the session names a member, their page's data and the
// signed-in strings, in their language. The first render waits for all of it (a second at most,
// then it shows what it has, the Now card's place kept): one pass that React slices, instead of
// a loading screen followed by renders that block as each answer lands, and a member whose saved
// language is not this device's gets theirs before anything is painted. The header in
// index.html shows meanwhile.
//
// No top-level await here: this module is the shell chunk every page chunk imports, and a chunk
// that imports a module still evaluating waits for it, so awaiting the page's chunk (or the
// offline cache's) from the shell's top level would wait out the whole cap on every load.
const atMost = <T,>(ms: number, promise: Promise<T>) =>
  Promise.race([promise, new Promise<null>((resolve) => setTimeout(() => resolve(null), ms))]);
const offlineCache = () => import('./lib/offline-cache');

async function start() {
  const queryClient = createQueryClient();
  // Offline (the installed app on a train): the last known state, kept in IndexedDB
  // (lib/offline-cache), is the page's data; queries wait for the network instead of failing.
  const offline = !navigator.onLine;
  if (offline) {
    onlineManager.setOnline(false);
    await (await offlineCache()).restoreOfflineCache(queryClient);
  }
  // On a very slow network the check does not hold the page: it goes on in the background (the
  // query keeps it) and the page shows what it can meanwhile.
  const session = offline
    ? Promise.resolve(
        queryClient.getQueryData<Awaited<ReturnType<typeof sessionQueryFn>>>(sessionKey) ?? null,
      )
    : atMost(
        1500,
        queryClient
          .fetchQuery({ queryKey: sessionKey, queryFn: sessionQueryFn, retry: false })
          .catch(() => null),
      );
  const path = window.location.pathname;
  // As soon as the check names a member (not once the first strings are in as well): their
  // page's data, the member's shell (header links, bottom bar, banners) and the signed-in
  // strings in their language (a change of language is not cut short by the cap below: the
  // first screen is never painted in the wrong one).
  const member = session.then(async (check): Promise<Promise<unknown>[]> => {
    const user = check?.user;
    if (!user) return [];
    const reads = [preloadMemberShell()];
    if (!offline) reads.push(prefetchPageData(queryClient, path, user));
    if (user.languagePreference && user.languagePreference !== i18n.language) {
      await i18nReady;
      await i18n.changeLanguage(user.languagePreference);
    }
    reads.push(i18n.loadNamespaces(APP_STRINGS));
    return reads;
  });
  // A browser signed in last time asks for them beside the check, before it answers.
  if (!offline && wasSignedIn()) {
    prefetchLikelyPageData(queryClient, path);
    void preloadMemberShell();
    void i18n.loadNamespaces(APP_STRINGS);
  }
  const page = preloadPage(path);
  const [, , reads] = await Promise.all([i18nReady, session, member]);
  await atMost(1000, Promise.all([page, ...reads]));

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
  // Once the page is up and the browser idle, a signed-in member's reads are kept for the next
  // time the network is gone (the first copy serializes the whole cache: not while starting).
  const whenIdle = (run: () => void) =>
    'requestIdleCallback' in window ? requestIdleCallback(run, { timeout: 10_000 }) : setTimeout(run, 5000);
  setTimeout(
    () => whenIdle(() => void offlineCache().then(({ keepOfflineCache }) => keepOfflineCache(queryClient))),
    5000,
  );
}
void start();
