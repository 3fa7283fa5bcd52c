import { useSyncExternalStore } from 'react';

/**
 * Where the real-time channel is (SPEC §4): connecting → open → authenticated → resyncing →
 * live; reconnecting after a non-normal close; polling once the reconnects are used up.
 */
export type SocketState =
  | 'idle'
  | 'connecting'
  | 'open'
  | 'authenticated'
  | 'resyncing'
  | 'live'
  | 'reconnecting'
  | 'polling'
  | 'closed';

let current: SocketState = 'idle';
const listeners = new Set<() => void>();

export function setRealtimeStatus(state: SocketState): void {
  if (state === current) return;
  current = state;
  for (const listener of listeners) listener();
}

export function useRealtimeStatus(): SocketState {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => current,
    () => 'idle',
  );
}
