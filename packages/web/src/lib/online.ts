import { onlineManager } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';

/** The id of the offline banner's reason, which the buttons disabled offline point at. */
export const OFFLINE_REASON_ID = 'offline-reason';

/**
 * Whether the browser is online, as TanStack Query sees it (its onlineManager follows the
 * browser's online and offline events; main.tsx tells it when the app starts offline). Offline,
 * queries wait instead of failing, and actions that need the server are disabled (issue 13).
 */
export function useOnline(): boolean {
  return useSyncExternalStore(
    (notify) => onlineManager.subscribe(notify),
    () => onlineManager.isOnline(),
    () => true,
  );
}
