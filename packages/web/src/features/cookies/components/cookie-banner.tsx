import { lazy, Suspense } from 'react';
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
  const { t } = useTranslation();
  const consent = useCookieConsent();
  const isSettingsOpen = useCookieSettingsOpen();
  return (
    <>
      {!consent && !isSettingsOpen && (
        <section
          aria-label={t('cookies.title')}
          // The toasts move to the top while it is up (components/ui/toaster.tsx).
          data-cookie-banner
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
      )}
      {isSettingsOpen && (
        <Suspense fallback={null}>
          <CookieSettingsDialog />
        </Suspense>
      )}
    </>
  );
}
