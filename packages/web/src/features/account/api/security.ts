import type { PasskeyView, SecurityEventView, SessionView } from '@giro/contract/security';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { useMutation } from '../../../lib/mutation';

/** Passkeys, sessions and security events (issue 18): Account → Security. */

const passkeysKey = ['/api/passkeys'] as const;
const sessionsKey = ['/api/sessions'] as const;
const eventsKey = ['/api/security-events'] as const;

export const usePasskeys = () =>
  useQuery({ queryKey: passkeysKey, select: (data) => (data as { passkeys: PasskeyView[] }).passkeys });
export const useSessions = () =>
  useQuery({ queryKey: sessionsKey, select: (data) => (data as { sessions: SessionView[] }).sessions });
export const useSecurityEvents = () =>
  useQuery({ queryKey: eventsKey, select: (data) => (data as { events: SecurityEventView[] }).events });

/** Everything here changes the security events too: both lists are read again. */
function useSecurityMutation<Input, Output>(
  mutationFn: (input: Input) => Promise<Output>,
  key: readonly string[],
) {
  const client = useQueryClient();
  return useMutation({
    mutationFn,
    // Not tried again by itself: a passkey's step opens the browser's sheet and sends the
    // password again; the member taps again if they want to.
    retry: false,
    onSettled: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: key }),
        client.invalidateQueries({ queryKey: eventsKey }),
      ]),
  });
}

/**
 * Adds a passkey: the server's options, the browser's own dialog (@simplewebauthn/browser,
 * loaded only here), the new credential with the member's name for it.
 */
export const useAddPasskey = () =>
  useSecurityMutation(async ({ name, password }: { name: string; password: string }) => {
    const { startRegistration } = await import('@simplewebauthn/browser');
    // The password again first: a session alone must not add a way in (ADR 0025).
    const optionsJSON = await apiRequest<Parameters<typeof startRegistration>[0]['optionsJSON']>(
      'POST',
      '/api/passkeys/registration/options',
      { password },
    );
    const response = await startRegistration({ optionsJSON });
    return apiRequest<PasskeyView>('POST', '/api/passkeys/registration', { name, response });
  }, passkeysKey);

export const useRenamePasskey = () =>
  useSecurityMutation(
    ({ id, name }: { id: string; name: string }) =>
      apiRequest<PasskeyView>('PATCH', `/api/passkeys/${id}`, { name }),
    passkeysKey,
  );

export const useRemovePasskey = () =>
  useSecurityMutation((id: string) => apiRequest('DELETE', `/api/passkeys/${id}`), passkeysKey);

export const useEndSession = () =>
  useSecurityMutation((id: string) => apiRequest('DELETE', `/api/sessions/${id}`), sessionsKey);

export const useSignOutOthers = () =>
  useSecurityMutation(
    () => apiRequest<{ ended: number }>('POST', '/api/sessions/sign-out-others'),
    sessionsKey,
  );

/** The member's data as a file (GDPR art. 15 and 20); a plain link, so the browser downloads it. */
export const EXPORT_URL = '/api/account/export';
