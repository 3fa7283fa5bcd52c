import { useTranslation } from 'react-i18next';
import { useOnline } from '../../../lib/online';
import { useRealtimeStatus } from '../../../lib/realtime-status';

/** Whether updates arrive live, are being reconnected, or come by polling every 10 s. */
export function RealtimeBadge() {
  const { t } = useTranslation();
  const status = useRealtimeStatus();
  // Offline, no reconnection is under way, whatever the socket last tried.
  const online = useOnline();
  const kind = !online
    ? 'off'
    : status === 'live'
      ? 'live'
      : status === 'polling'
        ? 'polling'
        : status === 'idle'
          ? 'off'
          : 'connecting';
  const dot = {
    live: 'bg-teal-600',
    polling: 'bg-amber-500',
    off: 'bg-stone-400',
    connecting: 'bg-stone-400',
  }[kind];
  return (
    <span
      className="inline-flex items-center gap-1.5 text-xs text-stone-700"
      data-testid="realtime-status"
      data-state={status}
    >
      <span className={`size-2 rounded-full ${dot}`} aria-hidden="true" />
      {t(`fund.realtime.${kind}`)}
    </span>
  );
}
