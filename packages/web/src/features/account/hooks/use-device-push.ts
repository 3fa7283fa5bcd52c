import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useMutation } from '../../../lib/mutation';
import { notificationPreferencesKey } from '../api/notification-preferences';
import { type PushState, readPushState, turnPushOff, turnPushOn } from '../api/push';

/**
 * This device's push state for the member, read once the server's count of their browsers is
 * known, and the two actions that change it; each refreshes that count.
 */
export function useDevicePush(userId: string, serverBrowsers: number | undefined) {
  const client = useQueryClient();
  const [state, setState] = useState<PushState>('checking');
  useEffect(() => {
    if (serverBrowsers === undefined) return;
    let isCurrent = true;
    readPushState(userId, serverBrowsers).then(
      (read) => isCurrent && setState(read),
      () => isCurrent && setState('unsupported'),
    );
    return () => {
      isCurrent = false;
    };
  }, [userId, serverBrowsers]);
  const change = useMutation({
    mutationFn: (turnOn: boolean) => (turnOn ? turnPushOn(userId) : turnPushOff()),
    // Never again unseen: a retry would ask the browser (and its permission prompt) once more.
    retry: false,
    onSuccess: (next) => setState(next),
    onSettled: () => client.invalidateQueries({ queryKey: notificationPreferencesKey }),
  });
  return { state, change };
}
