import * as Dialog from '@radix-ui/react-dialog';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { closeCookieSettings, openCookieSettings, saveConsent, useCookieConsent } from '../api/consent-store';

const categories = ['analytics', 'functional', 'marketing'] as const;

/** The cookie settings, opened from the banner or the footer. */
export default function CookieSettingsDialog() {
  const consent = useCookieConsent();
  return (
    <Dialog.Root open onOpenChange={(open) => (open ? openCookieSettings() : closeCookieSettings())}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-black/40" />
        <Dialog.Content className="fixed top-1/2 left-1/2 z-50 w-[92vw] max-w-md -translate-x-1/2 -translate-y-1/2 rounded-2xl bg-white p-6 shadow-xl">
          <CookieSettings key={consent?.date ?? 'none'} />
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

function CookieSettings() {
  const { t } = useTranslation();
  const consent = useCookieConsent();
  const [choice, setChoice] = useState({
    analytics: consent?.analytics ?? false,
    functional: consent?.functional ?? false,
    marketing: consent?.marketing ?? false,
  });
  return (
    <>
      <Dialog.Title className="text-lg font-semibold">{t('cookies.settingsTitle')}</Dialog.Title>
      <Dialog.Description className="mt-1 text-sm text-stone-700">
        {t('cookies.settingsBody')}
      </Dialog.Description>
      <ul className="mt-4 flex flex-col gap-3">
        <li className="flex items-center gap-3">
          <input id="cookie-necessary" type="checkbox" checked disabled className="size-5" />
          <label htmlFor="cookie-necessary">{t('cookies.necessary')}</label>
        </li>
        {categories.map((category) => (
          <li key={category} className="flex items-center gap-3">
            <input
              id={`cookie-${category}`}
              type="checkbox"
              className="size-5 accent-teal-700"
              checked={choice[category]}
              onChange={(event) => setChoice({ ...choice, [category]: event.target.checked })}
            />
            <label htmlFor={`cookie-${category}`}>{t(`cookies.${category}`)}</label>
          </li>
        ))}
      </ul>
      <div className="mt-6 flex justify-end gap-2">
        <Button needsNetwork={false} onClick={() => saveConsent(choice)}>
          {t('cookies.save')}
        </Button>
      </div>
    </>
  );
}
