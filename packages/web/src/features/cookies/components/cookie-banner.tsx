import { lazy, Suspense, useLayoutEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import {
  openCookieSettings,
  saveConsent,
  useCookieConsent,
  useCookieSettingsOpen,
} from '../api/consent-store';

// The settings dialog (Radix Dialog) loads when it is opened: most visits never open it.
const CookieSettingsDialog = lazy(() => import('./cookie-settings-dialog'));

/** The banner until a choice is made; the settings dialog from the banner or the footer. */
export function CookieBanner() {
  const consent = useCookieConsent();
  const isSettingsOpen = useCookieSettingsOpen();
  return (
    <>
      {!consent && !isSettingsOpen && <Banner />}
      {isSettingsOpen && (
        <Suspense fallback={null}>
          <CookieSettingsDialog />
        </Suspense>
      )}
    </>
  );
}

/**
 * The room the banner takes at the bottom of the window, from its top edge down, as the CSS
 * variable --cookie-banner-space on the page while it is up: the toasts stand above it
 * (components/ui/toaster.tsx) rather than over its buttons.
 */
function useBottomSpace() {
  const ref = useRef<HTMLElement>(null);
  useLayoutEffect(() => {
    const banner = ref.current;
    if (!banner) return;
    const root = document.documentElement;
    const measure = () =>
      root.style.setProperty(
        '--cookie-banner-space',
        `${Math.max(0, window.innerHeight - banner.getBoundingClientRect().top)}px`,
      );
    measure();
    const observer = typeof ResizeObserver === 'undefined' ? undefined : new ResizeObserver(measure);
    observer?.observe(banner);
    window.addEventListener('resize', measure);
    return () => {
      observer?.disconnect();
      window.removeEventListener('resize', measure);
      root.style.removeProperty('--cookie-banner-space');
    };
  }, []);
  return ref;
}

function Banner() {
  const { t } = useTranslation();
  const ref = useBottomSpace();
  return (
    <section
      ref={ref}
      aria-label={t('cookies.title')}
      className="fixed inset-x-0 bottom-0 z-30 border-t border-stone-200 bg-white p-4 shadow-lg sm:inset-x-auto sm:right-4 sm:bottom-4 sm:max-w-md sm:rounded-2xl sm:border"
    >
      <h2 className="font-semibold">{t('cookies.title')}</h2>
      <p className="mt-1 text-sm text-stone-700">{t('cookies.body')}</p>
      <div className="mt-3 flex flex-wrap gap-2">
        <Button
          needsNetwork={false}
          onClick={() => saveConsent({ analytics: true, marketing: true, functional: true })}
        >
          {t('cookies.acceptAll')}
        </Button>
        <Button
          variant="secondary"
          onClick={() => saveConsent({ analytics: false, marketing: false, functional: false })}
        >
          {t('cookies.necessaryOnly')}
        </Button>
        <Button variant="ghost" onClick={openCookieSettings}>
          {t('cookies.settings')}
        </Button>
      </div>
    </section>
  );
}
