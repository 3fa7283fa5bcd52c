import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { clockTime } from '../../../lib/dates';
import { OFFLINE_REASON_ID, useOnline } from '../../../lib/online';

/**
 * Offline, the page shows the last known state (lib/offline-cache): the banner says so, and as
 * of when, and that payments, votes and changes wait for the network. Back online, everything
 * is read again and the banner goes.
 */
export function OfflineBanner({ signedIn }: { signedIn: boolean }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const online = useOnline();
  const wasOffline = useRef(false);
  useEffect(() => {
    if (!online) wasOffline.current = true;
    else if (wasOffline.current) {
      wasOffline.current = false;
      void client.invalidateQueries();
    }
  }, [online, client]);
  if (online) return null;
  const newest = Math.max(
    0,
    ...client
      .getQueryCache()
      .getAll()
      .map((query) => query.state.dataUpdatedAt),
  );
  return (
    <div
      role="status"
      data-testid="offline-banner"
      className="border-b border-amber-300 bg-amber-50 text-amber-950"
    >
      <p id={OFFLINE_REASON_ID} className="mx-auto max-w-5xl px-4 py-2 text-sm">
        <strong className="font-semibold">
          {signedIn && newest > 0
            ? t('offline.asOf', { time: clockTime(new Date(newest).toISOString()) })
            : t('offline.title')}
        </strong>{' '}
        {signedIn ? t('offline.actionsWait') : t('offline.signInNeedsNetwork')}
      </p>
    </div>
  );
}
