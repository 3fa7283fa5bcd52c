import { type Query, useQueryClient } from '@tanstack/react-query';
import { useEffect, useReducer } from 'react';
import { useTranslation } from 'react-i18next';
import { clockTime, dateTime } from '../../../lib/dates';
import { OFFLINE_REASON_ID } from '../../../lib/online';

/**
 * What the offline banner says (./offline-banner): the page is the last known state, as of the
 * oldest read on the screen, with its day when it is not today's (the newest read of all was
 * nearly always the session check, read at every focus, and a fund kept for three days showed
 * as "dati delle 12:16"); and that payments, votes and changes wait for the network.
 */
export function OfflineNotice({ signedIn }: { signedIn: boolean }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  // Offline, the screen's reads come and go with what it shows: the age is said again each time.
  const [, screenChanged] = useReducer((n: number) => n + 1, 0);
  useEffect(
    () =>
      client.getQueryCache().subscribe((event) => {
        if (event.type === 'observerAdded' || event.type === 'observerRemoved') screenChanged();
      }),
    [client],
  );
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
