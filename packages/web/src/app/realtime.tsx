import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useUser } from '../features/auth/api/session';
import { clock } from '../lib/clock-store';
import { setRealtimeStatus } from '../lib/realtime-status';

/** /ws on this page's own origin (the server checks the Origin of the upgrade). */
const sameOriginSocketUrl = () =>
  `${window.location.protocol === 'https:' ? 'wss' : 'ws'}://${window.location.host}/ws`;

/**
 * Keeps one real-time channel open for a signed-in member of an organization (SPEC §4: only
 * with a familyId); a new organization or signing out closes it and, if needed, opens another.
 */
export function Realtime() {
  const { user } = useUser();
  const queryClient = useQueryClient();
  const familyId = user?.familyId ?? null;
  const userId = user?.id ?? null;
  useEffect(() => {
    if (!familyId || !userId) return;
    // The socket client is a chunk of its own: signed-out pages never need it.
    let client: { stop(): void } | null = null;
    let isCancelled = false;
    void import('../lib/socket-client').then(({ createSocketClient }) => {
      if (isCancelled) return;
      const socket = createSocketClient({
        url: sameOriginSocketUrl(),
        invalidate: (queryKey) => void queryClient.invalidateQueries({ queryKey }),
        clock,
        onState: setRealtimeStatus,
      });
      socket.start();
      client = socket;
    });
    return () => {
      isCancelled = true;
      client?.stop();
      setRealtimeStatus('idle');
    };
  }, [familyId, userId, queryClient]);
  return null;
}
