import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';

type InstallPrompt = Event & { prompt: () => Promise<void>; userChoice: Promise<{ outcome: string }> };

/**
 * iPhone, iPod and iPad; iPadOS 13+ reports itself as a Mac ("Macintosh"), told apart by its
 * touch screen, which no Mac has.
 */
export const isIos = (userAgent: string, maxTouchPoints: number) =>
  /iphone|ipad|ipod/i.test(userAgent) || (/macintosh/i.test(userAgent) && maxTouchPoints > 1);
const isStandalone = () =>
  window.matchMedia?.('(display-mode: standalone)').matches ||
  (navigator as { standalone?: boolean }).standalone === true;

/** Shown when the browser offers installation, or after 3 s on iOS outside the installed app. */
export function InstallBanner() {
  const { t } = useTranslation();
  const [prompt, setPrompt] = useState<InstallPrompt | null>(null);
  const [showIosHint, setShowIosHint] = useState(false);
  const [isDismissed, setDismissed] = useState(false);

  useEffect(() => {
    const onPrompt = (event: Event) => {
      event.preventDefault();
      setPrompt(event as InstallPrompt);
    };
    window.addEventListener('beforeinstallprompt', onPrompt);
    const timer =
      isIos(navigator.userAgent, navigator.maxTouchPoints ?? 0) && !isStandalone()
        ? setTimeout(() => setShowIosHint(true), 3000)
        : undefined;
    return () => {
      window.removeEventListener('beforeinstallprompt', onPrompt);
      clearTimeout(timer);
    };
  }, []);

  if (isDismissed || (!prompt && !showIosHint)) return null;
  const install = async () => {
    await prompt?.prompt();
    setDismissed(true);
  };
  return (
    <section
      aria-label={t('pwa.installTitle')}
      className="fixed inset-x-4 top-4 z-30 rounded-2xl bg-teal-800 p-4 text-white shadow-lg sm:left-auto sm:max-w-sm"
    >
      <h2 className="font-semibold">{t('pwa.installTitle')}</h2>
      <p className="mt-1 text-sm">{prompt ? t('pwa.installBody') : t('pwa.iosHint')}</p>
      <div className="mt-3 flex gap-2">
        {prompt && (
          <Button variant="secondary" onClick={install}>
            {t('pwa.install')}
          </Button>
        )}
        <Button variant="inverse" onClick={() => setDismissed(true)}>
          {t('common.close')}
        </Button>
      </div>
    </section>
  );
}
