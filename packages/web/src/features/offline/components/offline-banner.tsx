import { useQueryClient } from '@tanstack/react-query';
import { Suspense, useEffect, useRef } from 'react';
import { lazyNamed } from '../../../lib/lazy-named';
import { useOnline } from '../../../lib/online';

// Only offline: a chunk of its own (precached by the service worker, so it loads offline too),
// not carried by every first load.
const OfflineNotice = lazyNamed(() => import('./offline-notice'), 'OfflineNotice');

/**
 * Offline, the page shows the last known state (lib/offline-cache): the banner says so
 * (./offline-notice). Back online, everything is read again and the banner goes.
 */
export function OfflineBanner({ signedIn }: { signedIn: boolean }) {
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
  return (
    <Suspense fallback={null}>
      <OfflineNotice signedIn={signedIn} />
    </Suspense>
  );
}
