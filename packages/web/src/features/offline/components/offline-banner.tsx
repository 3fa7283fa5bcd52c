import { type Query, useQueryClient } from '@tanstack/react-query';
import { useEffect, useReducer, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { clockTime, dateTime } from '../../../lib/dates';
import { OFFLINE_REASON_ID, useOnline } from '../../../lib/online';

/**
 * Offline, the page shows the last known state (lib/offline-cache): the banner says so, and as
 * of when, and that payments, votes and changes wait for the network. Back online, everything
 * is read again and the banner goes. "When" is the oldest read on the screen, with its day when
 * it is not today's: the newest read of all was nearly always the session check, read at every
 * focus, and a fund kept for three days showed as "dati delle 12:16".
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
  // Offline, the screen's reads come and go with what it shows: the age is said again each time.
  const [, screenChanged] = useReducer((n: number) => n + 1, 0);
  useEffect(() => {
    if (online) return;
    return client.getQueryCache().subscribe((event) => {
      if (event.type === 'observerAdded' || event.type === 'observerRemoved') screenChanged();
    });
  }, [online, client]);
  if (online) return null;
  const asOfText = (at: number) => {
    const iso = new Date(at).toISOString();
    return new Date(at).toDateString() === new Date().toDateString()
      ? t('offline.asOf', { time: clockTime(iso) })
      : t('offline.asOfDay', { time: dateTime(iso) });
  };
  const asOf = oldestOnScreen(client.getQueryCache().getAll());
  return (
    <div
      role="status"
      data-testid="offline-banner"
      className="border-b border-amber-300 bg-amber-50 text-amber-950"
    >
      <p id={OFFLINE_REASON_ID} className="mx-auto max-w-5xl px-4 py-2 text-sm">
        <strong className="font-semibold">
          {signedIn && asOf !== null ? asOfText(asOf) : t('offline.title')}
        </strong>{' '}
        {signedIn ? t('offline.actionsWait') : t('offline.signInNeedsNetwork')}
      </p>
    </div>
  );
}

/** The moment of the oldest read a screen shows (one with data that something on it observes). */
function oldestOnScreen(queries: readonly Query[]): number | null {
  const shown = queries
    .filter((query) => query.getObserversCount() > 0 && query.state.dataUpdatedAt > 0)
    .map((query) => query.state.dataUpdatedAt);
  return shown.length > 0 ? Math.min(...shown) : null;
}
