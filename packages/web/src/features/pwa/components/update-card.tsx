import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';

type Updater = (reload?: boolean) => Promise<void>;

/**
 * Registers the offline service worker 2 s after start-up (SPEC §1) and, when a new version
 * waits, shows the 'Update Available' card.
 */
export function UpdateCard() {
  const { t } = useTranslation();
  const [update, setUpdate] = useState<Updater | null>(null);

  useEffect(() => {
    if (!('serviceWorker' in navigator) || import.meta.env.DEV) return;
    const timer = setTimeout(() => {
      import('virtual:pwa-register').then(({ registerSW }) => {
        const updateSW = registerSW({ onNeedRefresh: () => setUpdate(() => updateSW) });
      });
    }, 2000);
    return () => clearTimeout(timer);
  }, []);

  if (!update) return null;
  return (
    <section
      role="status"
      className="fixed top-4 right-4 z-40 max-w-xs rounded-2xl bg-white p-4 shadow-lg ring-1 ring-stone-200"
    >
      <h2 className="font-semibold">{t('pwa.updateTitle')}</h2>
      <p className="mt-1 text-sm text-stone-700">{t('pwa.updateBody')}</p>
      <div className="mt-3 flex gap-2">
        <Button needsNetwork={false} onClick={() => update(true)}>
          {t('pwa.reload')}
        </Button>
        <Button variant="ghost" onClick={() => setUpdate(null)}>
          {t('common.later')}
        </Button>
      </div>
    </section>
  );
}
