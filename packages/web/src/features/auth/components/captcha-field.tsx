import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

type AltchaElement = HTMLElement & {
  reset?: () => void;
  configure?: (config: { hideLogo?: boolean; hideFooter?: boolean }) => Promise<void>;
};

/**
 * The ALTCHA proof-of-work widget (self-hosted, no third party). Its script and worker load only
 * here, on the registration form, and only once functional cookies are accepted (SPEC §5).
 */
export function CaptchaField({
  onPayload,
  resetKey,
}: {
  onPayload: (payload: string) => void;
  resetKey: number;
}) {
  const { t, i18n } = useTranslation();
  const ref = useRef<AltchaElement | null>(null);
  const [isReady, setReady] = useState(false);
  const [isBroken, setBroken] = useState(false);

  useEffect(() => {
    let active = true;
    import('./load-altcha').then(() => active && setReady(true));
    return () => {
      active = false;
    };
  }, []);

  // A layout effect: the listener is on the widget in the same commit that puts it in the page.
  // A passive effect runs later, and the widget (auto="onload") may report its state before it.
  useLayoutEffect(() => {
    const widget = ref.current;
    if (!widget || !isReady) return;
    const onState = (event: Event) => {
      const detail = (event as CustomEvent<{ state: string; payload?: string }>).detail;
      // 'error': the challenge could not be fetched or solved, which is ours to fix (SPEC §8).
      setBroken(detail.state === 'error');
      onPayload(detail.state === 'verified' && detail.payload ? detail.payload : '');
    };
    void widget.configure?.({ hideLogo: true, hideFooter: true });
    widget.addEventListener('statechange', onState);
    return () => widget.removeEventListener('statechange', onState);
  }, [isReady, onPayload]);

  useEffect(() => {
    if (resetKey > 0) ref.current?.reset?.();
  }, [resetKey]);

  if (!isReady) return <p className="text-sm text-stone-600">{t('common.loading')}</p>;
  return (
    <div className="flex flex-col gap-1" data-testid="captcha">
      <span className="text-sm font-medium text-stone-800">{t('auth.captcha')}</span>
      <altcha-widget ref={ref} challenge="/api/captcha/challenge" auto="onload" language={i18n.language} />
      {isBroken && (
        <p role="alert" className="text-sm text-red-800">
          {t('auth.captchaConfigError')}
        </p>
      )}
    </div>
  );
}

declare module 'react' {
  namespace JSX {
    interface IntrinsicElements {
      'altcha-widget': React.DetailedHTMLProps<React.HTMLAttributes<HTMLElement>, HTMLElement> & {
        challenge?: string;
        auto?: string;
        language?: string;
      };
    }
  }
}
