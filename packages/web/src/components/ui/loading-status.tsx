import type { HTMLAttributes } from 'react';
import { useTranslation } from 'react-i18next';
import { useOnline } from '../../lib/online';

/**
 * A part's place while its data comes. Offline, a read the device does not hold waits for the
 * network rather than failing (lib/online.ts): "Loading…" would then stay for good, so it says
 * it comes once back online.
 */
export function LoadingStatus({
  className = 'text-sm text-stone-700',
  ...props
}: HTMLAttributes<HTMLElement>) {
  const { t } = useTranslation();
  const online = useOnline();
  return (
    <p role="status" className={className} {...props}>
      {online ? t('common.loading') : t('offlineReads.notLoaded')}
    </p>
  );
}
