import { lazy, type ReactNode, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { useUser } from '../features/auth/api/session';
import { openCookieSettings } from '../features/cookies/api/consent-store';
import { OfflineBanner } from '../features/offline/components/offline-banner';
import { lazyNamed, loadOnce } from '../lib/lazy-named';
import { paths } from '../lib/paths';
import { pickLanguage } from '../lib/saved-language';
import { recoverable } from '../lib/stale-build';
import { ScrollToTopOnNavigate } from './scroll-on-navigate';

const signedInShell = loadOnce(() => import('./signed-in-shell'));
// A member's places (./member-nav): a chunk of its own, the sign-in page does not carry it.
const memberNav = loadOnce(() => import('./member-nav'));
const SignedInShell = lazy(recoverable(signedInShell));
const MemberLinks = lazyNamed(memberNav, 'MemberLinks');
const BottomBar = lazyNamed(memberNav, 'BottomBar');

/**
 * A member's shell chunks, asked for beside the page's own once the session names a member
 * (main.tsx): found by the first render, they are in its one commit, instead of asked for by it
 * and filled in a round trip later (a second layout of the header, the bottom bar, the banners).
 */
export const preloadMemberShell = (): Promise<unknown> =>
  Promise.all([signedInShell(), memberNav()]).catch(() => {});

export function Layout({ children }: { children: ReactNode }) {
  const { t, i18n } = useTranslation();
  const { user } = useUser();
  return (
    // A member's phone has the bottom bar: the page ends above it.
    <div className={`flex min-h-screen flex-col ${user ? 'pb-16 md:pb-0' : ''}`}>
      <ScrollToTopOnNavigate />
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:top-2 focus:left-2 focus:rounded focus:bg-white focus:p-2"
      >
        {t('common.skipToContent')}
      </a>
      <header className="border-b border-stone-200 bg-white">
        {/* The same size as the header index.html paints before the scripts run (no shift). */}
        <div className="mx-auto flex min-h-16 max-w-5xl items-center justify-between gap-3 px-4 py-2.5">
          <Link href={paths.dashboard} className="flex min-h-11 items-center gap-2 font-bold text-teal-900">
            <img src="/icon.svg" alt="" width={32} height={32} />
            Giro
          </Link>
          <nav aria-label={t('nav.header')} className="flex items-center gap-3">
            {/* Before the language: when they arrive, nothing already painted moves. */}
            {user && (
              <Suspense fallback={null}>
                <MemberLinks user={user} />
              </Suspense>
            )}
            <label htmlFor="language" className="sr-only">
              {t('common.language')}
            </label>
            <select
              id="language"
              data-testid="language-switcher"
              value={i18n.language}
              onChange={(event) => pickLanguage(event.target.value, user !== null)}
              className="min-h-11 rounded-lg border border-stone-300 bg-white px-2 text-sm"
            >
              <option value="it">Italiano</option>
              <option value="en">English</option>
            </select>
          </nav>
        </div>
      </header>
      <OfflineBanner signedIn={user !== null} />
      {/* At least a screen tall: the footer starts below the fold, so it does not jump when the
          page's content arrives (layout shift). */}
      <main id="main" className="mx-auto min-h-dvh w-full max-w-5xl flex-1 px-4 py-6">
        {user && (
          <Suspense fallback={null}>
            <SignedInShell user={user} />
          </Suspense>
        )}
        {children}
      </main>
      <footer className="border-t border-stone-200 bg-white">
        <div className="mx-auto flex max-w-5xl flex-wrap gap-x-4 px-4 py-1 text-sm text-stone-700">
          <Link href={paths.privacy} className="tap-height underline">
            {t('footer.privacy')}
          </Link>
          <Link href={paths.terms} className="tap-height underline">
            {t('footer.terms')}
          </Link>
          <button type="button" onClick={openCookieSettings} className="min-h-11 underline">
            {t('footer.cookies')}
          </button>
        </div>
      </footer>
      {user && (
        <Suspense fallback={null}>
          <BottomBar user={user} />
        </Suspense>
      )}
    </div>
  );
}
